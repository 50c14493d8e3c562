import type { ReactNode } from 'react';
import { currentLang } from '../../i18n/request-lang';
import { m } from '../../i18n/paraglide/messages.js';

export type DocSection = { id: string; title: string; body: ReactNode };

type LegalDocProps = {
  title: string;
  lead: ReactNode;
  /** Label → value, e.g. Version → 3. */
  meta: [string, string][];
  sections: DocSection[];
  /** Shown between the lead and the contents, e.g. a helpline. */
  intro?: ReactNode;
};

/** A long document (terms, privacy, responsible gaming): title, facts line, contents list and numbered sections. */
export function LegalDoc({ title, lead, meta, sections, intro }: LegalDocProps) {
  return (
    <article className="page-section narrow prose-page">
      <h1 className="page-title">{title}</h1>
      <ul className="doc-meta">
        {meta.map(([label, value]) => (
          <li key={label}>
            {label}: <strong>{value}</strong>
          </li>
        ))}
      </ul>
      <div className="prose">
        {/* A translation says that the English text is the one that governs, and where to read it. */}
        {currentLang() !== 'en' && (
          <p className="callout" lang={currentLang()}>
            {m.legal_english_governs()} <a href="?lang=en" hrefLang="en">{m.legal_english_link()}</a>
          </p>
        )}
        <p className="page-lead">{lead}</p>
        {intro}
        <nav className="toc" aria-labelledby="toc-title">
          <h2 id="toc-title">{m.legal_contents()}</h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} data-scroll-offset="80">{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
            <h2 id={`${s.id}-title`}>
              {i + 1}. {s.title}
            </h2>
            {s.body}
          </section>
        ))}
      </div>
    </article>
  );
}
