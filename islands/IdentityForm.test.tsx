import { afterEach, describe, expect, test } from 'bun:test';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeApp } from '../tests/helpers/app';
import { islandDom, routeUploadsTo, watchIslands } from '../tests/helpers/islands';
import { jpegWithGps, png } from '../tests/helpers/identity';
import { createPlayer } from '../tests/helpers/players';
import { UPLOAD_IN_PROGRESS, UPLOADS_BUSY } from '../src/services/identity/upload-gate';
import IdentityForm, { SUBMITTED_PATH } from './IdentityForm';

const { render, screen, fireEvent, waitFor, cleanup, act } = await islandDom('http://localhost:3000/verify-identity');
const seen = watchIslands();
const STATES: [string, string][] = [['TX', 'Texas'], ['NY', 'New York']];
const ID_TYPES: [string, string, boolean][] = [['driving_licence', "Driver's license", true], ['passport', 'Passport', false]];

/** XMLHttpRequest as the island uses it: what was sent, progress as it leaves, and an answer the test gives. */
const sent: { path: string; fields: Record<string, unknown> }[] = [];
let answer: { status: number; json: unknown } = { status: 201, json: { success: true } };
let held: (() => void) | null = null;
class FakeXhr {
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private path = '';
  open(_method: string, path: string) { this.path = path; }
  setRequestHeader() {}
  getResponseHeader() { return null; }
  send(body: FormData) {
    sent.push({ path: this.path, fields: Object.fromEntries(body.entries()) });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 400, total: 1000 });
    held = () => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1000, total: 1000 });
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.json);
      this.onload?.();
    };
  }
}
const useFakeXhr = () => ((globalThis as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr);
useFakeXhr();

afterEach(() => {
  cleanup();
  seen.clear();
  sent.length = 0;
  held = null;
  answer = { status: 201, json: { success: true } };
});

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const choose = (label: string, file: File) => fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
const photo = (name: string) => new File([png() as BlobPart], name, { type: 'image/png' });
/** Fills every field and chooses the three photos, then waits for their previews (read by the page, not sent). */
async function fillAll(dob = '1990-12-10') {
  type('Full legal name', 'Ada Lovelace');
  type('Date of birth', dob);
  type('Street address', '12 Analytical Way');
  type('City', 'Austin');
  fireEvent.change(screen.getByLabelText('State'), { target: { value: 'TX' } });
  type('ZIP code', '78701');
  fireEvent.change(screen.getByLabelText('Type of ID'), { target: { value: 'driving_licence' } });
  choose('Front of your ID', photo('front.png'));
  choose('Back of your ID', photo('back.png'));
  choose('A photo of yourself', photo('me.png'));
  await waitFor(() => expect(document.querySelectorAll('.identity-preview img')).toHaveLength(3));
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));

describe('IdentityForm', () => {
  test('checks what it can before sending anything: 21+, every field, every file', async () => {
    render(<IdentityForm states={STATES} idTypes={ID_TYPES} />);
    submit();
    await screen.findByText('Enter your full legal name as it is on your ID');
    for (const m of ['Enter your date of birth', 'Enter your street address', 'Enter your city', 'Choose your US state', 'Enter a 5-digit ZIP code', 'Choose the type of your ID',
      'Add a photo of the front of your ID', 'Add a photo of yourself'])
      expect(screen.getByText(m)).toBeTruthy();
    // A date that makes the player 20 years old today.
    const now = new Date();
    await fillAll(`${now.getUTCFullYear() - 20}-01-01`);
    submit();
    await screen.findByText('You must be 21 or older to play and withdraw');
    expect(document.activeElement).toBe(screen.getByLabelText('Date of birth'));
    // A file of the wrong kind is refused at its field.
    choose('A photo of yourself', new File(['%PDF-1.4'], 'me.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Upload a photo of yourself: a JPEG or PNG file.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  test('uploads with progress; once received, the page is asked for again with its thank-you', async () => {
    render(<IdentityForm states={STATES} idTypes={ID_TYPES} formToken="tok" />);
    await fillAll();
    submit();
    await screen.findByText('Sending your documents… 40%');
    expect((screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sent[0]!.path).toBe('/api/v1/identity/submission');
    expect(sent[0]!.fields).toMatchObject({ legalName: 'Ada Lovelace', state: 'TX', idType: 'driving_licence' });
    // The form's own order: the page form's `_action` and `_token` first, the files last (the route reads it as it arrives).
    expect(Object.keys(sent[0]!.fields)).toEqual(['_action', '_token', 'legalName', 'dateOfBirth', 'addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'idType', 'front', 'back', 'selfie']);
    await act(async () => held!());
    expect(seen.went).toEqual([{ how: 'assign', path: SUBMITTED_PATH }]);
  });

  test("a refusal keeps everything typed and chosen, with the server's message at its field", async () => {
    answer = { status: 400, json: { success: false, message: 'not a well-formed PNG', errors: [{ field: 'front', message: 'This file is not a JPEG, PNG or PDF.' }] } };
    render(<IdentityForm states={STATES} idTypes={ID_TYPES} />);
    await fillAll();
    submit();
    await waitFor(() => expect(held).not.toBeNull());
    await act(async () => held!());
    await screen.findByText('This file is not a JPEG, PNG or PDF.');
    expect((screen.getByLabelText('Full legal name') as HTMLInputElement).value).toBe('Ada Lovelace');
    expect((screen.getByLabelText('A photo of yourself') as HTMLInputElement).files?.length).toBe(1);
    expect(screen.queryByRole('status')).toBeNull();
    // Choosing another file answers its message.
    choose('Front of your ID', photo('front2.png'));
    expect(screen.queryByText('This file is not a JPEG, PNG or PDF.')).toBeNull();
    await waitFor(() => expect(document.querySelector('[data-preview="front"] span')?.textContent).toContain('front2.png'));
    await waitFor(() => expect(document.querySelectorAll('.identity-preview img')).toHaveLength(3));
    expect(seen.went).toEqual([]);
  });

  test('a refused plain post comes back with what was typed and the messages; files are asked for again', () => {
    render(<IdentityForm states={STATES} idTypes={ID_TYPES} values={{ legalName: 'Ada Lovelace', city: 'Austin' }} errors={{ postalCode: 'Enter a 5-digit ZIP code' }} />);
    expect((screen.getByLabelText('Full legal name') as HTMLInputElement).value).toBe('Ada Lovelace');
    expect(screen.getByText('Enter a 5-digit ZIP code')).toBeTruthy();
    expect(screen.getByText('Your details are kept below; choose your ID and photo files again.')).toBeTruthy();
  });
});

describe('IdentityForm against the real API', () => {
  test("the upload's refusals in the API's words with the files still chosen and nothing stored; a file only the server can judge, at its field; then through", async () => {
    const app = await makeApp({ IDENTITY_UPLOADS_AT_ONCE: '1' });
    const [p, other] = [await createPlayer(app), await createPlayer(app)];
    const server = routeUploadsTo(app, new Map([['token', p.token]]));
    const failure = () => document.querySelector('.alert-error')?.textContent;
    const stored = async () => ({
      rows: (await app.deps.database.client.execute('SELECT count(*) AS n FROM identity_submissions')).rows[0]!.n,
      files: existsSync(join(app.dir, 'documents')) ? readdirSync(join(app.dir, 'documents'), { recursive: true }).filter((f) => String(f).includes('.')) : [],
    });
    try {
      render(<IdentityForm states={STATES} idTypes={ID_TYPES} formToken="tok" />);
      await fillAll();
      // Another player's upload holds the instance's one place.
      const held = await app.deps.identity.beginUpload(other.userId);
      const release = server.pause();
      submit();
      // While it goes, the progress says so.
      await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Sending your documents… \d+%|Checking your documents…/));
      release();
      await waitFor(() => expect(failure()).toBe(UPLOADS_BUSY));
      expect(server.sent).toHaveLength(1);
      expect(Object.keys(server.sent[0]!.fields).slice(0, 2)).toEqual(['_action', '_token']);
      expect(server.sent[0]!.fields.front).toEqual({ name: 'front.png', size: png().length });
      expect(seen.went).toEqual([]);
      expect(await stored()).toEqual({ rows: 0, files: [] });
      // The chosen files are still there to send again.
      expect((screen.getByLabelText('A photo of yourself') as HTMLInputElement).files?.length).toBe(1);
      held.release();

      // Another upload of this player's still running: its 409 in the API's words.
      const mine = await app.deps.identity.beginUpload(p.userId);
      submit();
      await waitFor(() => expect(failure()).toBe(UPLOAD_IN_PROGRESS));
      mine.release();

      // A front named and typed as a PNG that is none: only the server can tell, and says so at its field.
      choose('Front of your ID', new File(['not a picture at all'], 'front.png', { type: 'image/png' }));
      submit();
      await screen.findByText('Upload a JPEG, PNG or PDF file.');
      expect(screen.getByLabelText('Front of your ID').getAttribute('aria-invalid')).toBe('true');
      expect(failure()).toBeUndefined();
      expect((screen.getByLabelText('Full legal name') as HTMLInputElement).value).toBe('Ada Lovelace');
      expect(await stored()).toEqual({ rows: 0, files: [] });

      choose('Front of your ID', new File([jpegWithGps() as BlobPart], 'front.jpg', { type: 'image/jpeg' }));
      submit();
      await waitFor(() => expect(seen.went).toEqual([{ how: 'assign', path: SUBMITTED_PATH }]));
      expect((await app.deps.database.client.execute({ sql: 'SELECT status FROM identity_submissions WHERE user_id = ?', args: [p.userId] })).rows[0]!.status).toBe('submitted');
    } finally {
      cleanup();
      useFakeXhr();
    }
  });
});
