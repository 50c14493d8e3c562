// The account islands on a Spanish page (<html lang="es">): identity, two-step verification, profile settings, the
// sign-in's code step and the proof-of-liabilities check, each state in Spanish with no English left.
import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import { makeApp, type TestApp } from '../tests/helpers/app';
import { islandDom, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { fund } from '../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../tests/helpers/players';
import { englishShown, speakPageLang } from '../tests/helpers/spanish-islands';
import { LoginCodeStep } from './_ui/login-code-step';
import { recoveryCodesText } from './_ui/two-step-parts';
import AccountInfoForm from './AccountInfoForm';
import AccountNonce from './AccountNonce';
import ChangePasswordForm from './ChangePasswordForm';
import IdentityForm from './IdentityForm';
import SolvencyCheck, { type SnapshotChoice } from './SolvencyCheck';
import TickerPrivacyForm from './TickerPrivacyForm';
import TwoStepSettings from './TwoStepSettings';

const { render, screen, fireEvent, cleanup, findByRole } = await islandDom('http://localhost:3000/profile-setting');
speakPageLang('es');
const seen = watchIslands();
let app: TestApp;
let player: TestPlayer;

beforeAll(async () => {
  app = await makeApp();
  player = await createPlayer(app);
});
afterEach(() => {
  cleanup();
  seen.clear();
});

const text = () => document.body.textContent ?? '';
const noEnglish = async (allowed: string[] = []) => expect(await englishShown(allowed)).toEqual([]);

describe('verify your identity in Spanish', () => {
  test('the form, a file too large said at once at its field, and the form again after a refused plain post', async () => {
    const states: [string, string][] = [['TX', 'Texas']];
    const idTypes: [string, string, boolean][] = [['passport', 'Pasaporte', false], ['drivers_license', 'Licencia de conducir', true]];
    render(<IdentityForm states={states} idTypes={idTypes} />);
    for (const label of ['Nombre legal completo', 'Fecha de nacimiento', 'Dirección (calle y número)', 'Código postal (ZIP)', 'Tipo de identificación', 'Frente de tu identificación', 'Una foto tuya'])
      expect(screen.getByLabelText(label)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Una foto tuya'), { target: { files: [new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'yo.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Este archivo pesa más de 10 MB. Sube una foto o un escaneo más pequeño.')).toBeTruthy();
    // The browser says its file box in its own language: the box the page draws over it says it in Spanish.
    expect(document.querySelectorAll('.file-pick-button')[0]!.textContent).toBe('Elegir archivo');
    expect(document.querySelectorAll('.file-pick-name')[0]!.textContent).toBe('Ningún archivo elegido');
    fireEvent.change(screen.getByLabelText('Frente de tu identificación'), { target: { files: [new File([new Uint8Array(10)], 'frente.png', { type: 'image/png' })] } });
    expect(document.querySelectorAll('.file-pick-name')[0]!.textContent).toBe('frente.png');
    expect(screen.getByRole('button', { name: 'Enviar para revisión' })).toBeTruthy();
    await noEnglish();
    cleanup();
    render(<IdentityForm states={states} idTypes={idTypes} values={{ legalName: 'Ana Pérez' }} />);
    expect(text()).toContain('Tus datos siguen abajo; vuelve a elegir los archivos de tu identificación y de tu foto.');
    await noEnglish();
  });
});

describe('two-step verification in Spanish', () => {
  test('off, setting up, the recovery codes, waiting for the mailed link, and on', async () => {
    const server = routeFetchTo(app);
    server.jar.set('token', player.token);
    render(<TwoStepSettings enabled={false} siteName="Coinreel" />);
    expect(screen.getByRole('button', { name: 'Activar la verificación en dos pasos' })).toBeTruthy();
    await noEnglish();
    cleanup();
    render(<TwoStepSettings enabled={false} siteName="Coinreel" form={{ action: '2fa-setup', values: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrSvg: '<svg/>' } }} />);
    expect(screen.getByAltText('Código QR para agregar tu cuenta a una app de autenticación')).toBeTruthy();
    expect(screen.getByLabelText('Código de la app')).toBeTruthy();
    expect(screen.getByLabelText('Tu contraseña')).toBeTruthy();
    // An app's name is its name.
    await noEnglish(['1Password']);
    cleanup();
    render(<TwoStepSettings enabled siteName="Coinreel" form={{ action: '2fa-codes', values: { recoveryCodes: 'abcd-efgh ijkl-mnop' } }} />);
    expect(screen.getByRole('heading', { name: 'Guarda tus códigos de recuperación' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Descargar códigos' }).getAttribute('download')).toBe('coinreel-codigos-de-recuperacion.txt');
    expect(recoveryCodesText('Coinreel', ['abcd-efgh'])).toStartWith('Códigos de recuperación de Coinreel\nCada código te deja iniciar sesión una vez');
    await noEnglish();
    cleanup();
    render(<TwoStepSettings enabled={false} siteName="Coinreel" awaiting={{ sentTo: 'ana@example.com' }} />);
    expect(text()).toContain('Revisa tu correo para terminar de activarla. Enviamos un enlace a ana@example.com');
    await noEnglish();
    cleanup();
    render(<TwoStepSettings enabled siteName="Coinreel" />);
    expect(screen.getByRole('heading', { name: 'Códigos de recuperación nuevos' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Desactivar la verificación en dos pasos' })).toBeTruthy();
    await noEnglish();
  });

  test("the sign-in's code step", async () => {
    render(<LoginCodeStep step={{ email: 'ana@example.com', loginToken: 't', remember: false }} onSignedIn={() => {}} onRestart={() => {}} />);
    expect(text()).toContain('La verificación en dos pasos está activada para ana@example.com.');
    expect(screen.getByRole('button', { name: 'Verificar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Usar otra cuenta' })).toBeTruthy();
    await noEnglish();
  });
});

describe('profile settings in Spanish', () => {
  test('account info with a new address waiting, an operator\'s address, the password, the ticker choice and the nonce', async () => {
    render(<AccountInfoForm user={{ name: 'Ana', phoneNo: '', email: 'ana@example.com', pendingEmail: 'nueva@example.com' }} />);
    expect(screen.getByLabelText('Número de teléfono')).toBeTruthy();
    expect(text()).toContain('Enviamos un enlace a nueva@example.com. Tu correo cambiará a esa dirección cuando abras el enlace.');
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeTruthy();
    await noEnglish();
    cleanup();
    render(<AccountInfoForm operator user={{ name: 'Op', phoneNo: '', email: 'op@example.com', pendingEmail: null }} />);
    // The command is a command: it stays as typed.
    await noEnglish(['coinreel admin email']);
    cleanup();
    render(<><ChangePasswordForm /><TickerPrivacyForm on={false} /><AccountNonce nonce={'ab'.repeat(32)} /></>);
    for (const label of ['Contraseña actual', 'Contraseña nueva', 'Confirma la contraseña nueva', 'Mostrar mis retiros en la cinta del sitio']) expect(screen.getByLabelText(label)).toBeTruthy();
    expect(text()).toContain('Al menos 8 caracteres');
    expect(screen.getByRole('button', { name: 'Copiar' })).toBeTruthy();
    await noEnglish();
  });
});

describe('the proof-of-liabilities check in Spanish', () => {
  let choice: SnapshotChoice;
  let nonce: string;
  beforeAll(async () => {
    await fund(app, player.userId, 42_10);
    for (let i = 0; i < 3; i++) await fund(app, (await createPlayer(app)).userId, 1000 * i + 1);
    const s = await app.deps.solvency.publish();
    nonce = (await app.deps.solvency.forPlayer(player.userId))!.accountNonce;
    choice = { id: s.id, createdAt: new Date(s.createdAt).toISOString(), url: `/solvency/${s.id}.json`, totalCents: s.rootCents };
  });

  test('before its script, a nonce that is no nonce, and the balance found in the total', async () => {
    document.body.innerHTML = `<div>${renderToString(<SolvencyCheck snapshots={[choice]} selected={null} nonce={null} />)}</div>`;
    expect(text()).toContain('La verificación se hace en tu navegador y necesita JavaScript.');
    expect(text()).toMatch(/\d+ [a-z]+ \d{4}, \d\d:\d\d UTC: total \$/);
    await noEnglish();
    cleanup();
    document.body.innerHTML = '';
    render(<SolvencyCheck snapshots={[choice]} selected={null} nonce={null} />);
    fireEvent.change(screen.getByLabelText('El nonce de tu cuenta'), { target: { value: 'xyz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar mi saldo' }));
    const refused = await findByRole(document.body, 'alert');
    expect(refused.textContent).toContain('La verificación falló en el paso «el nonce de tu cuenta».');
    await noEnglish();
    cleanup();
    routeFetchTo(app);
    render(<SolvencyCheck snapshots={[choice]} selected={null} nonce={nonce} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verificar mi saldo' }));
    const found = await findByRole(document.body, 'alert', {}, { timeout: 10_000 });
    expect(found.textContent).toContain('Tus $42.10 del ');
    expect(found.textContent).toContain('Web Crypto confirmó tus hojas.');
    expect(found.querySelector('li')!.textContent).toMatch(/^Hoja \d+: \$[\d.,]+ \(posición [\d,]+\)$/);
    await noEnglish();
  });
});
