import type { Flash } from './flash';

/** The one-time message of a form post, where it belongs: rendered by the section `at` names (see Flash). */
export function FlashMessage({ flash }: { flash: Flash }) {
  return (
    <p className={`alert alert-${flash.kind} flash`} role={flash.kind === 'error' ? 'alert' : 'status'}>
      {flash.message}
    </p>
  );
}

/** This section's flash, if the redirect that led here named it. */
export function FlashHere({ flash, at }: { flash?: Flash | null; at: string }) {
  return flash?.at === at ? <FlashMessage flash={flash} /> : null;
}
