import { useEffect, useRef, type ReactNode } from 'react';

type Tone = 'success' | 'error' | 'pending';

/**
 * The panel a form turns into when it is done (Login Successful, Email Sent, Password Updated!, …). Its heading
 * takes focus so keyboard and screen-reader users land on the news instead of on a vanished button.
 */
export function ResultPanel({ tone, title, children, as: Heading = 'h2', focus = true }: { tone: Tone; title: string; children?: ReactNode; as?: 'h1' | 'h2'; focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus, title]);
  return (
    <div className={`result-panel result-${tone}`}>
      <ToneIcon tone={tone} />
      <Heading ref={ref} tabIndex={-1} className="result-title">
        {title}
      </Heading>
      {children}
    </div>
  );
}

function ToneIcon({ tone }: { tone: Tone }) {
  if (tone === 'pending') return <span className="spinner result-icon" aria-hidden="true" />;
  return (
    <svg className="result-icon" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="24" cy="24" r="21" strokeWidth="3" />
      {tone === 'success' ? <path d="M14 25l7 7 13-15" /> : <path d="M17 17l14 14M31 17L17 31" />}
    </svg>
  );
}
