import type { ReactNode } from 'react';

type HeroProps = {
  eyebrow?: string;
  title: ReactNode;
  lead: ReactNode;
  /** Buttons under the lead. */
  actions: ReactNode;
  facts?: string[];
  image?: { src: string; alt: string; width: number; height: number };
  id?: string;
};

/** The opening band of a page: one h1, a lead, actions and optional artwork. */
export function Hero({ eyebrow, title, lead, actions, facts, image, id }: HeroProps) {
  return (
    <section className="hero" id={id} aria-labelledby="hero-title">
      <div className="hero-inner">
        <div>
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h1 id="hero-title">{title}</h1>
          <p className="hero-lead">{lead}</p>
          <div className="hero-actions">{actions}</div>
          {facts && (
            <ul className="hero-facts">
              {facts.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          )}
        </div>
        {image && (
          <div className="hero-art">
            {/* The likely largest paint on a phone: fetched early. */}
            <img src={image.src} alt={image.alt} width={image.width} height={image.height} fetchPriority="high" />
          </div>
        )}
      </div>
    </section>
  );
}
