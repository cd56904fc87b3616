/**
 * Names a server (or a colleague with write access to it) could give an object, chosen to break
 * generated code: Terraform templates and their escapes, quotes and escapes of both languages,
 * line ends JavaScript counts and JSON does not, comment and script ends, names that are not
 * identifiers (a leading digit, reserved words, the names a snippet itself declares), no name at
 * all, and text a reader cannot see or that reads backwards.
 */
export const HOSTILE_NAMES: readonly string[] = [
  'team ${path.module}${timestamp()} %{ if true }yes%{ endif }',
  '${file("/etc/passwd")}',
  '%{ if true }x%{ endif }',
  '$${already}',
  '%%{x}',
  '$$${three}',
  '${',
  'say "hi" \'there\'',
  'back\\slash\\',
  'line\nbreak\r\ttab',
  'para\u2028graph\u2029',
  'end */ of /* comment',
  '</script><script>alert(1)</script>',
  '`${backtick}`',
  '2024 Admins',
  '2fa',
  'class',
  'delete',
  'new',
  'let',
  'await',
  'for',
  'null',
  '__proto__',
  'authentik',
  'pulumi',
  'config',
  'honeycombio',
  '',
  '---',
  '   ',
  '🚀🔥',
  'Ünïcode Grüße 東京',
  'admin\u202Egnp.exe',
  'nul\u0000esc\u001b[31mred',
];
