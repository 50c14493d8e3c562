import { definePage } from './page';

export default definePage({
  title: '',
  access: 'public-only',
  static: true,
  render: () => (
    <section className="page-section">
      <h1></h1>
    </section>
  ),
});
