/** The admin console's sections (its tabs and /admin/{section} pages). Small: the route config imports it. */
export const ADMIN_SECTIONS = ['kyc', 'withdrawals', 'reports', 'listings', 'users', 'audit'] as const;
export type AdminSectionName = (typeof ADMIN_SECTIONS)[number];

export function isAdminSection(section: string): section is AdminSectionName {
  return (ADMIN_SECTIONS as readonly string[]).includes(section);
}
