import { afterEach, describe, expect, test } from 'bun:test';
import { islandDom, watchIslands } from '../tests/helpers/islands';
import { png } from '../tests/helpers/identity';
import IdentityForm from './IdentityForm';

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
(globalThis as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;

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
    await screen.findByText('Uploading your documents… 40%');
    expect((screen.getByRole('button', { name: 'Uploading...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sent[0]!.path).toBe('/api/v1/identity/submission');
    expect(sent[0]!.fields).toMatchObject({ legalName: 'Ada Lovelace', state: 'TX', idType: 'driving_licence' });
    expect(Object.keys(sent[0]!.fields)).toEqual(expect.arrayContaining(['front', 'back', 'selfie']));
    await act(async () => held!());
    expect(seen.went).toEqual([{ how: 'replace', path: '/verify-identity?submitted=1' }]);
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
