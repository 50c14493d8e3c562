import { definePage } from './page';

export default definePage({
  title: 'VBlink',
  access: 'open',
  static: true,
  render: () => (
    <section className="page-section">
      <h1>VBlink</h1>
    </section>
  ),
});
