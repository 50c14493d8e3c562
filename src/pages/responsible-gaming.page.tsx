import { definePage } from './page';

export default definePage({
  title: 'Responsible Gaming',
  access: 'open',
  static: true,
  render: () => (
    <section className="page-section">
      <h1>Responsible Gaming</h1>
    </section>
  ),
});
