/** Query keys of the dashboard; the realtime 'session' and 'directory' changes invalidate `dashboardKeys.all`. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};
