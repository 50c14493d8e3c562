import { definePage } from './page';

export default definePage({
  title: 'Support',
  access: 'open',
  static: true,
  render: () => (
    <section className="page-section">
      <h1>Support</h1>
    </section>
  ),
});
