import { definePage } from './page';

export default definePage({
  title: 'About Us',
  access: 'open',
  static: true,
  render: () => (
    <section className="page-section">
      <h1>About Us</h1>
    </section>
  ),
});
