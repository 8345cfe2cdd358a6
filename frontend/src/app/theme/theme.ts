import { type CSSVariablesResolver, createTheme, darken, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

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

/**
 * Colours that reach WCAG AA in the light scheme (the primary colour as text on a page is
 * `--mantine-color-anchor`: teal 9 in light, teal 4 in dark): dimmed text, and the text of every 'light' variant
 * (a badge, the active link) darkened until it reads on its pale background (teal 9 on teal 1 is 4.3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED_LIGHT,
    ...Object.fromEntries(
      Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [`--mantine-color-${name}-light-color`, darken(shades[9], 0.3)]),
    ),
  },
  dark: {},
});
