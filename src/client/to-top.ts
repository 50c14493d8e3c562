// The dashboard's Top button (a plain link to #home): shown once the player has scrolled a screen down, so it is
// there on a long page and not over the first screen.
export function initToTop(win: Window = window): () => void {
  const link = win.document.querySelector<HTMLElement>('[data-to-top]');
  if (!link) return () => {};
  const update = () => link.classList.toggle('shown', win.scrollY > win.innerHeight);
  update();
  win.addEventListener('scroll', update, { passive: true });
  return () => win.removeEventListener('scroll', update);
}
