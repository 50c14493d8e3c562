import { definePage } from './page';

export default definePage({
  title: 'Ultra Panda',
  access: 'open',
  static: true,
  render: () => (
    <section className="page-section">
      <h1>Ultra Panda</h1>
    </section>
  ),
});
