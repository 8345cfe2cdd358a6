import type { CancellationPolicy } from '@contracts/locations/api';
import { Group, Stack, Text } from '@mantine/core';
import { describePolicy, policySummary } from '../lib/policy-text';

/** The policy at a glance, then what it means for a student who cancels. */
export function PolicySummary({ policy }: { policy: CancellationPolicy }) {
  return (
    <Stack gap="sm">
      <Stack gap={6} component="dl" m={0}>
        {policySummary(policy).map(([label, value]) => (
          <Group key={label} justify="space-between" gap="xs" wrap="nowrap" align="baseline">
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" fw={600} m={0} ta="right">
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      <Stack gap={4}>
        {describePolicy(policy).map((sentence) => (
          <Text key={sentence} size="sm">
            {sentence}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}
