/** Every captcha's answer on the e2e server (CAPTCHA_TEST_ANSWER). */
export const CAPTCHA_ANSWER = '2027';
export const DEMO = { username: 'demo', password: 'Demo1234', name: '云溪智造科技有限公司' };
export const STAFF = { username: 'staff', password: 'Staff1234' };
export const ADMIN = { username: 'admin', password: 'Admin1234' };
