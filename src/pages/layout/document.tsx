import type { Manifest } from '../../assets/store';
import { manifestUrl } from '../../pwa/manifest';
import { FlashMessage } from '../flash-here';
import { restrictionWords, type Page, type PageContext } from '../page';
import { currentLang } from '../../i18n/request-lang';
import { m } from '../../i18n/paraglide/messages.js';
import { Footer } from './footer';
import { Header } from './header';
import { OperatorHeader } from './operator-header';
import { PageWords, VISITOR_WORDS } from '../../../islands/_ui/page-words';

/**
 * The islands' entry chunks, known only once the body has rendered (this component renders last). Module
 * scripts at the end of the body run after parsing and never block the first paint. No modulepreload: React
 * hoists those into the head ahead of the stylesheet, and on a slow link the chunks (React alone is ~67 KB
 * gzipped) then share the bandwidth with the CSS that the first paint waits for.
 */
function IslandScripts({ used, manifest }: { used: Set<string>; manifest: Manifest }) {
  const entries = [...used].map((n) => manifest.islands[n]).filter((x) => !!x);
  return (
    <>
      {entries.map((e) => (
        <script key={e.src} type="module" src={e.src} />
      ))}
    </>
  );
}

/**
 * A signed-in player's page: one boot script (manifest.app) instead of the enhancement script and a starter per
 * island; the islands' modules are listed for it in one JSON block, each added on its first use
 * (docs/decisions/signed-in-loading.md).
 */
function IslandModules({ used, manifest }: { used: Set<string>; manifest: Manifest }) {
  const map = Object.fromEntries([...used].map((n) => [n, manifest.islands[n]?.module]).filter(([, m]) => !!m));
  return <script type="application/json" id="island-modules" dangerouslySetInnerHTML={{ __html: JSON.stringify(map).replace(/</g, '\\u003c') }} />;
}

/** Pages a signed-in player sees outside the operator console boot as the player's app (manifest.app). */
export const playerBoot = (page: Page, ctx: PageContext, manifest: Manifest): boolean => !!ctx.viewer && page.access !== 'admin' && !!manifest.app;

/** A visitor's page takes the smaller stylesheet without the signed-in and operator screens (public.css). */
export function stylesheetFor(page: Page, ctx: PageContext, manifest: Manifest): string {
  return ctx.viewer || page.access === 'admin' || !manifest.publicCss ? manifest.css : manifest.publicCss;
}

/** A public demo (SANDBOX_CONTROLS=on): first on every page, before the header, in words and not colour alone. */
function DemoBanner() {
  return (
    <div className="demo-banner" role="region" aria-label={m.layout_demo_label()}>
      <p><strong>{m.layout_demo_strong()}</strong> {m.layout_demo_text()}</p>
    </div>
  );
}

export function Document({ page, ctx, manifest, used }: { page: Page; ctx: PageContext; manifest: Manifest; used: Set<string> }) {
  const pageTitle = typeof page.title === 'function' ? page.title() : page.title;
  const description = typeof page.description === 'function' ? page.description() : page.description;
  const named = pageTitle ? `${pageTitle} | ${ctx.site.siteName}` : ctx.site.siteName;
  // A refused form post comes back as this page: the title, the first thing a screen reader reads, says so.
  const refused = ctx.form && (ctx.form.message || Object.keys(ctx.form.errors).length);
  const title = refused ? m.layout_title_error({ title: named }) : named;
  // The operator console is a work tool: its own header, and none of the players' marketing footer.
  const operatorConsole = page.access === 'admin' && !!ctx.viewer;
  const player = playerBoot(page, ctx, manifest);
  return (
    <html lang={currentLang()}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description ?? m.layout_description({ site: ctx.site.siteName })} />
        <meta name="theme-color" content="#120b2e" />
        <link rel="icon" href="/images/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href={manifestUrl(currentLang())} />
        {/* precedence: React puts it first among the head's resources, before any script it hoists. Kept as a
            file, not inline: inline it would be 35 KB in every uncompressed page (docs/decisions/page-speed.md). */}
        <link rel="stylesheet" href={stylesheetFor(page, ctx, manifest)} precedence="site" />
        <script type="module" src={player ? manifest.app : manifest.enhance} />
      </head>
      <body data-signed-in={ctx.viewer ? 'true' : 'false'}>
        <a className="skip-link" href="#main">{m.layout_skip()}</a>
        {ctx.site.demoBanner && <DemoBanner />}
        {operatorConsole ? <OperatorHeader ctx={ctx} /> : <Header ctx={ctx} />}
        <main id="main" tabIndex={-1}>
          {ctx.viewer?.restriction && page.access !== 'admin' && (
            <div className="restriction-banner" role="status">
              <p>
                {restrictionWords(ctx.viewer)!.banner} <a href="/profile-setting#responsible-gaming">{m.layout_limits_link()}</a>
              </p>
            </div>
          )}
          {ctx.flash && !ctx.flash.at && (
            <div className="flash-wrap">
              <FlashMessage flash={ctx.flash} />
            </div>
          )}
          {page.render(ctx)}
        </main>
        {!operatorConsole && <Footer ctx={ctx} />}
        <div id="toasts" className="toasts" aria-live="polite" role="status" />
        {/* The words the plain scripts say (islands/_client/page-words.ts): all of them on a player's page; a
            visitor's needs two, and none in English, which the scripts carry. */}
        {player ? <PageWords /> : !operatorConsole && currentLang() !== 'en' && <PageWords keys={VISITOR_WORDS} />}
        {player ? <IslandModules used={used} manifest={manifest} /> : <IslandScripts used={used} manifest={manifest} />}
      </body>
    </html>
  );
}
