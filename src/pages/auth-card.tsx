import type { ReactNode } from 'react';

/** The centred card every account screen sits in: one h1, a short lead, the form island, extra links. */
export function AuthCard({ title, lead, children, wide }: { title?: string; lead?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <section className="page-section auth-page">
      <div className={wide ? 'card auth-card auth-card-wide' : 'card auth-card'}>
        {title && <h1 className="auth-title">{title}</h1>}
        {lead && <p className="auth-lead">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
