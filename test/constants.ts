/** The administrator's password in the test stack (never used outside tests). */
export const TEST_ADMIN_PASSWORD = 'Test-Admin-Passw0rd';
