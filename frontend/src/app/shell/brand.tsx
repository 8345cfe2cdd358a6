import { Box, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BrandMark } from '../../components/brand-mark';
import classes from './shell.module.css';

/**
 * The mark and the name, a link home: in the desktop sidebar, the phone's header and the public
 * and student layouts (its own module: the phone's header does not load the desktop sidebar).
 */
export function Brand({ compact }: { compact: boolean }) {
  return (
    // Named by its text when shown; the mark alone needs a name of its own.
    <Link to="/" className={classes.brand} aria-label={compact ? 'Vira — início' : undefined}>
      <BrandMark size={32} />
      {!compact && (
        <Box style={{ minWidth: 0 }}>
          <Text fw={800} fz="lg" lh={1.1}>
            Vira
          </Text>
          <Text c="dimmed" fz="xs" lh={1.3} truncate>
            Sua agenda que vira dinheiro
          </Text>
        </Box>
      )}
    </Link>
  );
}
