import { describe, expect, test } from 'bun:test';
import { islandDom } from '../../tests/helpers/islands';
import { png } from '../../tests/helpers/identity';
import { checkChosen, IdentityFiles, NOT_A_DOCUMENT, NOT_A_PHOTO, TOO_LARGE } from './identity-files';

const { render, screen, waitFor, cleanup, fireEvent } = await islandDom('http://localhost:3000/verify-identity');

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
