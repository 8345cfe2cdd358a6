import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
  primaryShade: { light: 7, dark: 6 },
  colors: { dark },
  fontFamily: systemFont,
  headings: { fontFamily: systemFont, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'lg', padding: 'lg' } },
    Tooltip: { defaultProps: { openDelay: 700, withArrow: true } },
  },
});
