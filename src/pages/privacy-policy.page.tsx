import { definePage } from './page';

export default definePage({
  title: 'Privacy Policy',
  access: 'open',
  static: true,
  render: () => (
    <section className="page-section">
      <h1>Privacy Policy</h1>
    </section>
  ),
});
