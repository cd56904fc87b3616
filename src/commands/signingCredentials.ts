import * as vscode from 'vscode';
import type { SigningCredentials } from '../clients/cosign/sign/types';
import { CoreServices } from '../connections/services';
import { badInput } from '../core/errors';
import { readProxy, readRequestTimeoutMs, readSetting, readUrlSetting } from '../core/settings';
import { prompts } from '../ui/prompts';

/**
 * How the user signs: keyless with an OIDC identity token (an interactive browser sign-in, a
 * pasted token, or a variable from the environment in CI), or with a key pair whose PEM lives
 * in SecretStorage or in a file. Tokens, keys and passwords are registered with the redactor as
 * soon as they are read and are never written to settings or logs.
 */
export const SigningSecretKeys = {
  privateKey: 'opsConfig.signing.privateKey',
  keyPassword: 'opsConfig.signing.privateKeyPassword',
} as const;

/** File pickers, replaceable by tests like `prompts`. */
export const signingDialogs = {
  openFiles: (options: vscode.OpenDialogOptions): Thenable<vscode.Uri[] | undefined> => vscode.window.showOpenDialog(options),
};

/** Through core/settings: a workspace cannot choose the sign-in issuer or the token variable. */
function setting<T>(key: string): T | undefined {
  return readSetting<T>(key);
}

export async function chooseCredentials(services: CoreServices, title: string, signal?: AbortSignal): Promise<{ credentials: SigningCredentials; label: string } | undefined> {
  const variable = setting<string>('signing.identityTokenVariable')?.trim() || 'SIGSTORE_ID_TOKEN';
  const fromEnv = process.env[variable]?.trim();
  const savedKey = await services.secrets.get(SigningSecretKeys.privateKey);
  const issuer = readUrlSetting('signing.oidcIssuer') || 'https://oauth2.sigstore.dev/auth';
  type Choice = vscode.QuickPickItem & { id: 'env' | 'browser' | 'paste' | 'savedKey' | 'keyFile' };
  const items: Choice[] = [
    ...(fromEnv ? [{ id: 'env' as const, label: `$(server-environment) Use ${variable} from the environment`, description: 'keyless, for CI' }] : []),
    { id: 'browser', label: '$(globe) Sign in with the browser', description: `keyless, ${new URL(issuer).host}` },
    { id: 'paste', label: '$(clippy) Paste an OIDC identity token…', description: 'keyless' },
    ...(savedKey ? [{ id: 'savedKey' as const, label: '$(key) Use the saved signing key', description: 'key pair from secret storage' }] : []),
    { id: 'keyFile', label: '$(file) Use a private key file…', description: 'key pair (PEM or cosign key)' },
  ];
  const choice = await prompts.quickPick(items, { title, placeHolder: 'How do you want to sign?' });
  if (!choice) return undefined;
  switch (choice.id) {
    case 'env':
      services.knownSecrets.add(fromEnv);
      return { credentials: { kind: 'keyless', identityToken: fromEnv as string }, label: `the identity token in ${variable}` };
    case 'paste': {
      const token = await prompts.inputBox({
        title,
        prompt: 'OIDC identity token (a JWT) for Fulcio',
        password: true,
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim().split('.').length === 3 ? undefined : 'An identity token is a JWT: three parts separated by dots.'),
      });
      if (!token) return undefined;
      services.knownSecrets.add(token.trim());
      return { credentials: { kind: 'keyless', identityToken: token.trim() }, label: 'a pasted identity token' };
    }
    case 'browser': {
      const { interactiveSignIn } = await import('../clients/cosign/sign/index');
      const token = await interactiveSignIn({
        issuer,
        clientId: setting<string>('signing.oidcClientId')?.trim() || 'sigstore',
        openBrowser: async (url) => {
          if (!(await vscode.env.openExternal(vscode.Uri.parse(url)))) throw badInput('Sigstore', 'sign in', 'the browser could not be opened');
        },
        externalRedirect: async (uri) => (await vscode.env.asExternalUri(vscode.Uri.parse(uri))).toString(true),
        logger: services.logger.child('oidc'),
        secrets: services.knownSecrets,
        userAgent: services.userAgent,
        timeoutMs: readRequestTimeoutMs(),
        ...readProxy(),
        signal,
      });
      return { credentials: { kind: 'keyless', identityToken: token }, label: `a browser sign-in at ${new URL(issuer).host}` };
    }
    case 'savedKey':
      return keyCredentials(services, savedKey as string, await services.secrets.get(SigningSecretKeys.keyPassword), 'the saved signing key', title);
    case 'keyFile': {
      const picked = await signingDialogs.openFiles({ title: `${title}: private key`, canSelectMany: false, openLabel: 'Use This Key' });
      if (!picked?.[0]) return undefined;
      const pem = Buffer.from(await vscode.workspace.fs.readFile(picked[0])).toString('utf8');
      services.knownSecrets.add(pem);
      return keyCredentials(services, pem, undefined, vscode.workspace.asRelativePath(picked[0]), title);
    }
  }
}

async function keyCredentials(
  services: CoreServices,
  pem: string,
  savedPassword: string | undefined,
  source: string,
  title: string,
): Promise<{ credentials: SigningCredentials; label: string } | undefined> {
  const { loadSigningKey } = await import('../clients/cosign/sign/index');
  const encrypted = /ENCRYPTED/.test(pem) || /Proc-Type: 4,ENCRYPTED/.test(pem);
  let password = savedPassword;
  if (encrypted && password === undefined) {
    password = await prompts.inputBox({ title, prompt: `Password of ${source}`, password: true, ignoreFocusOut: true });
    if (password === undefined) return undefined;
  }
  services.knownSecrets.add(password);
  const key = loadSigningKey(pem, password, source);
  const transparencyLog = setting<boolean>('signing.transparencyLogForKeys') !== false;
  return { credentials: { kind: 'key', key, transparencyLog }, label: `${source} (${key.algorithm})` };
}

/** "Set Signing Key…": a PEM from a file, checked (and its password) before it is stored. */
export async function setSigningKey(services: CoreServices): Promise<void> {
  const picked = await signingDialogs.openFiles({ title: 'Set Signing Key: private key (PEM or cosign key)', canSelectMany: false, openLabel: 'Store in Secret Storage' });
  if (!picked?.[0]) return;
  const pem = Buffer.from(await vscode.workspace.fs.readFile(picked[0])).toString('utf8');
  services.knownSecrets.add(pem);
  const encrypted = /ENCRYPTED/.test(pem);
  const password = encrypted ? await prompts.inputBox({ title: 'Set Signing Key', prompt: 'Password of the key (stored in secret storage too)', password: true, ignoreFocusOut: true }) : undefined;
  if (encrypted && password === undefined) return;
  services.knownSecrets.add(password);
  const { loadSigningKey } = await import('../clients/cosign/sign/index');
  const key = loadSigningKey(pem, password, vscode.workspace.asRelativePath(picked[0]));
  await services.secrets.store(SigningSecretKeys.privateKey, pem);
  if (password !== undefined) await services.secrets.store(SigningSecretKeys.keyPassword, password);
  else await services.secrets.delete(SigningSecretKeys.keyPassword);
  void prompts.info(`Stored the ${key.algorithm} signing key in the editor's secret storage. You may delete ${vscode.workspace.asRelativePath(picked[0])} if you keep a backup elsewhere.`);
}

export async function clearSigningKey(services: CoreServices): Promise<void> {
  await services.secrets.delete(SigningSecretKeys.privateKey);
  await services.secrets.delete(SigningSecretKeys.keyPassword);
  void prompts.info('Removed the signing key from the editor\u2019s secret storage.');
}
