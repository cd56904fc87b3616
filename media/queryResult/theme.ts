/**
 * Chart colours from the editor's theme (`--vscode-charts-*`), read when the chart is drawn; a
 * theme switch changes the variables on <html> and the class on <body>, which `onThemeChange`
 * reports so the chart is drawn again in the new colours.
 */
const PALETTE = [
  '--vscode-charts-blue',
  '--vscode-charts-orange',
  '--vscode-charts-green',
  '--vscode-charts-red',
  '--vscode-charts-purple',
  '--vscode-charts-yellow',
  '--vscode-terminal-ansiCyan',
  '--vscode-terminal-ansiMagenta',
  '--vscode-terminal-ansiBrightBlue',
  '--vscode-terminal-ansiBrightGreen',
];
const FALLBACK = ['#3794ff', '#d18616', '#89d185', '#f14c4c', '#b180d7', '#cca700', '#29b8db', '#bc3fbc', '#3b8eea', '#23d18b'];

function variable(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim() || getComputedStyle(document.body).getPropertyValue(name).trim();
  return value || fallback;
}

export interface ChartTheme {
  series: string[];
  foreground: string;
  grid: string;
  font: string;
}

/**
 * A colour as the canvas reads it (`#rrggbb` or `rgba(…)`), whatever form the theme wrote it in,
 * made opaque: some themes give a chart colour a third of full strength (a minimap colour), which
 * would draw a line too faint to follow.
 */
function normalised(colour: string): string {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return colour;
  context.fillStyle = '#000000';
  context.fillStyle = colour;
  const read = String(context.fillStyle);
  const rgba = /^rgba\((\d+), (\d+), (\d+), [\d.]+\)$/.exec(read);
  return rgba ? `rgb(${rgba[1]}, ${rgba[2]}, ${rgba[3]})` : read;
}

export function chartTheme(): ChartTheme {
  const family = variable('--vscode-font-family', 'sans-serif');
  return {
    series: PALETTE.map((name, i) => normalised(variable(name, FALLBACK[i]))),
    foreground: variable('--vscode-charts-foreground', variable('--vscode-foreground', '#cccccc')),
    grid: variable('--vscode-charts-lines', 'rgba(128,128,128,0.35)'),
    font: `11px ${family}`,
  };
}

export function onThemeChange(callback: () => void): void {
  let last = document.body.className + document.documentElement.getAttribute('style');
  const observer = new MutationObserver(() => {
    const now = document.body.className + document.documentElement.getAttribute('style');
    if (now !== last) {
      last = now;
      callback();
    }
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
}
