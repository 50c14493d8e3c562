import { definePage } from './page';

export default definePage({
  title: 'Terms & Conditions',
  access: 'open',
  static: true,
  render: () => (
    <section className="page-section">
      <h1>Terms & Conditions</h1>
    </section>
  ),
});
