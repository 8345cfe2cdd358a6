import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  DEFAULT_THEME,
  lighten,
  luminance,
  type MantineColorsTuple,
} from '@mantine/core';

/** Cool, slightly blue-tinted neutrals for the dark scheme (Mantine's default dark is warm grey). */
const dark: MantineColorsTuple = [
  '#c9cdd4',
  '#a9afb9',
  '#8a919d',
  '#5f6672',
  '#3a3f48',
  '#2b2f36',
  '#1f2228',
  '#17191e',
  '#121418',
  '#0d0f12',
];

const systemFont =
  "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

export const theme = createTheme({
  primaryColor: 'teal',
  // WCAG AA: white on a filled button or badge needs the darkest shade (teal 7 is 3.1:1, teal 9 5.0:1),
  // and colours too light for white (yellow, lime) get dark text.
  primaryShade: { light: 9, dark: 9 },
  autoContrast: true,
  colors: { dark },
  fontFamily: systemFont,
  headings: { fontFamily: systemFont, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Whoever asks their system for less motion gets dialogs, menus and toasts without animation.
  respectReducedMotion: true,
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'lg', padding: 'lg' } },
    Tooltip: { defaultProps: { openDelay: 700, withArrow: true } },
    // Every toast's close button, read out by its name; its description in the scheme's dimmed
    // colour (Mantine's grey 6 on white is 3.3:1).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    // And every dialog's (an unnamed close button is a critical accessibility finding).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
  },
});

/** Secondary text ('dimmed') on white and on the light greys, at least 5.4:1 (Mantine's grey 6 is 3.3:1). */
const DIMMED_LIGHT = '#5c636a';
/** And on the dark cards, and on the agenda's tinted sessions in the dark (Mantine's dark 2 is 3.5:1 there). */
const DIMMED_DARK = dark[1];

/** WCAG AA for text of normal size, with a margin for the rounding of colours in between. */
const AA = 4.6;

const contrast = (a: string, b: string) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
};

/** `shade` moved towards black or white (`shift`) in small steps until it reads on every one of `backgrounds`. */
function readable(shade: string, backgrounds: string[], shift: typeof darken): string {
  for (let amount = 0; amount < 1; amount += 0.05) {
    const colour = shift(shade, amount);
    if (backgrounds.every((background) => contrast(colour, background) >= AA)) return colour;
  }
  return shift(shade, 1);
}

/** Where text sits in each scheme: the page, the cards and the greys of a row or a field. */
const LIGHT_BACKGROUNDS = ['#ffffff', DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]];
const DARK_BACKGROUNDS = [dark[5], dark[6], dark[7], dark[8]];

/**
 * Every colour of the theme as text and as a filled surface, chosen here once for both schemes so a
 * screen names only the hue (`c="red"`, `color="green"`) and never a shade: text is the colour's
 * darkest shade darkened until it reads on the light backgrounds (teal 7 on white is 3.1:1, red 7
 * 3.8:1), or its shade 4 lightened until it reads on the dark ones (an outline too); a filled badge or tag is shade 9
 * darkened until white reads on it (green 8 is 3.4:1, orange 9 4.3:1). The 'light' variants' text
 * (a badge, the active link) is darkened until it reads on its pale background (teal 9 on teal 1 is 4.3:1).
 */
const colourVariables = (scheme: 'light' | 'dark') =>
  Object.fromEntries(
    Object.entries(DEFAULT_THEME.colors).flatMap(([name, shades]) => {
      const text =
        scheme === 'light' ? readable(shades[9], LIGHT_BACKGROUNDS, darken) : readable(shades[4], DARK_BACKGROUNDS, lighten);
      return [
        [`--mantine-color-${name}-text`, text],
        // An outlined badge's text and border are that same text colour.
        [`--mantine-color-${name}-outline`, text],
        [`--mantine-color-${name}-filled`, readable(shades[9], ['#ffffff'], darken)],
        ...(scheme === 'light' ? [[`--mantine-color-${name}-light-color`, darken(shades[9], 0.3)]] : []),
      ];
    }),
  );

/**
 * Colours that reach WCAG AA in both schemes (the primary colour as text on a page is
 * `--mantine-color-anchor`: teal 9 in light, teal 4 in dark): dimmed text and every colour's text and
 * filled surface.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED_LIGHT, ...colourVariables('light') },
  dark: { '--mantine-color-dimmed': DIMMED_DARK, ...colourVariables('dark') },
});
