import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeApp } from '../tests/helpers/app';
import { islandDom, routeUploadsTo, watchIslands } from '../tests/helpers/islands';
import { jpegWithGps, png } from '../tests/helpers/identity';
import { createPlayer } from '../tests/helpers/players';
import { UPLOADS_BUSY } from '../src/services/identity/upload-gate';
import IdentityFiles, { checkChosen, NOT_A_DOCUMENT, NOT_A_PHOTO, SUBMITTED_PATH, TOO_LARGE } from './IdentityFiles';

const { render, screen, waitFor, cleanup, fireEvent } = await islandDom('http://localhost:3000/verify-identity');
const seen = watchIslands();

const choose = (label: string, file: File) => fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });

describe('IdentityFiles', () => {
  test('the server\'s field messages show until a new file is chosen; a chosen picture is previewed', async () => {
    render(<IdentityFiles errors={{ front: 'Add a photo of the front of your ID' }} />);
    expect(screen.getByText('Add a photo of the front of your ID')).toBeTruthy();
    choose('Front of your ID', new File([png() as BlobPart], 'front.png', { type: 'image/png' }));
    await waitFor(() => expect((document.querySelector('[data-preview="front"] img') as HTMLImageElement | null)?.src).toStartWith('data:image/png;base64,'));
    expect(screen.queryByText('Add a photo of the front of your ID')).toBeNull();
    expect(screen.getByText(/front\.png \(1 KB\)/)).toBeTruthy();
    cleanup();
  });

  test('a file over 10 MB is flagged before anything is sent, and blocks the form', async () => {
    render(<IdentityFiles />);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1) as BlobPart], 'big.jpg', { type: 'image/jpeg' });
    choose('A photo of yourself', big);
    await waitFor(() => expect(screen.getByText(TOO_LARGE)).toBeTruthy());
    expect((screen.getByLabelText('A photo of yourself') as HTMLInputElement).validationMessage).toBe(TOO_LARGE);
    expect(document.querySelector('[data-preview="selfie"]')).toBeNull();
    cleanup();
  });

  test('what the browser can tell about a file', () => {
    expect(checkChosen({ size: 100, type: 'image/png', name: 'a.png' })).toBeNull();
    expect(checkChosen({ size: 100, type: 'application/pdf', name: 'scan' })).toBeNull();
    expect(checkChosen({ size: 100, type: 'image/gif', name: 'a.gif' })).toBe(NOT_A_DOCUMENT);
    expect(checkChosen({ size: 10 * 1024 * 1024 + 1, type: 'image/png', name: 'a.png' })).toBe(TOO_LARGE);
    // The selfie is a photo: a PDF (by type or by name) is refused for it alone, and its picker offers photos only.
    expect(checkChosen({ size: 100, type: 'application/pdf', name: 'scan' }, 'selfie')).toBe(NOT_A_PHOTO);
    expect(checkChosen({ size: 100, type: '', name: 'me.PDF' }, 'selfie')).toBe(NOT_A_PHOTO);
    expect(checkChosen({ size: 100, type: 'image/jpeg', name: 'me.jpg' }, 'selfie')).toBeNull();
  });
});

/** A file chosen as the browser holds it (the input's own list, which FormData reads), then the change event. */
function pick(label: string, file: File) {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  const dt = new DataTransfer();
  dt.items.add(file);
  input.files = dt.files;
  fireEvent.change(input);
}

/** The verify page's form as the server renders it: the details as plain inputs, the island for the files. */
function VerifyForm() {
  const text = (name: string, value: string) => <input name={name} aria-label={name} defaultValue={value} />;
  return (
    <form method="post" action="/verify-identity" encType="multipart/form-data">
      <input type="hidden" name="_action" value="submit" />
      {text('legalName', 'Ada Lovelace')}{text('dateOfBirth', '1990-12-10')}{text('addressLine1', '12 Analytical Way')}{text('city', 'Austin')}
      {text('state', 'TX')}{text('postalCode', '787')}{text('idType', 'driving_licence')}
      <IdentityFiles />
      <button type="submit">Submit for review</button>
    </form>
  );
}

describe('IdentityFiles sends the form, against the real API', () => {
  test('too many uploads at once: the 503\'s words in place, the files still chosen, nothing stored; then a refusal\'s fields, then through', async () => {
    const app = await makeApp({ IDENTITY_UPLOADS_AT_ONCE: '1' });
    const [p, other] = [await createPlayer(app), await createPlayer(app)];
    const server = routeUploadsTo(app, new Map([['token', p.token]]));
    render(<VerifyForm />);
    pick('Front of your ID', new File([png() as BlobPart], 'front.png', { type: 'image/png' }));
    pick('Back of your ID', new File([jpegWithGps() as BlobPart], 'back.jpg', { type: 'image/jpeg' }));
    pick('A photo of yourself', new File([png() as BlobPart], 'me.png', { type: 'image/png' }));
    // Another player's upload holds the instance's one place.
    const held = await app.deps.identity.beginUpload(other.userId);
    const release = server.pause();
    fireEvent.submit(document.querySelector('form')!);
    // While it goes, the progress says so.
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Sending your documents… \d+%|Checking your documents…/));
    release();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(UPLOADS_BUSY));
    expect(server.sent).toHaveLength(1);
    expect(server.sent[0]!.fields.front).toEqual({ name: 'front.png', size: png().length });
    expect(seen.went).toEqual([]);
    expect((await app.deps.database.client.execute('SELECT count(*) AS n FROM identity_submissions')).rows[0]!.n).toBe(0);
    expect(existsSync(join(app.dir, 'documents')) ? readdirSync(join(app.dir, 'documents'), { recursive: true }).filter((f) => String(f).includes('.')) : []).toEqual([]);
    // The chosen files are still there to send again.
    expect((screen.getByLabelText('A photo of yourself') as HTMLInputElement).files?.length).toBe(1);
    held.release();
    // The ZIP code is wrong: the API names it, and the island lists it with its label.
    fireEvent.submit(document.querySelector('form')!);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please correct what is marked and submit again.ZIP code: Enter a 5-digit ZIP code'));
    (screen.getByLabelText('postalCode') as HTMLInputElement).value = '78701';
    fireEvent.submit(document.querySelector('form')!);
    await waitFor(() => expect(seen.went).toEqual([{ how: 'assign', path: SUBMITTED_PATH }]));
    expect((await app.deps.database.client.execute({ sql: 'SELECT status FROM identity_submissions WHERE user_id = ?', args: [p.userId] })).rows[0]!.status).toBe('submitted');
    cleanup();
  });
});
