import { Box } from '@mantine/core';

/** The Vira logo: a "V" in a rounded teal square. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden
      style={{ flexShrink: 0, display: 'block' }}
    >
      <rect width="64" height="64" rx="16" fill="var(--mantine-primary-color-filled)" />
      <path
        d="M19 21l13 24 13-24"
        fill="none"
        stroke="#fff"
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Box>
  );
}
