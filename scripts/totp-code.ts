import { generateTOTP } from '@epic-web/totp';
import { DEMO_ADMIN_TOTP_SECRET } from '../db/seed-constants';

/**
 * Prints the current two-step sign-in code for a secret (the demo admin's by default), as an
 * authenticator app would show it: `npx tsx scripts/totp-code.ts [SECRET]`.
 */
const secret = process.argv[2] ?? DEMO_ADMIN_TOTP_SECRET;
const { otp } = await generateTOTP({ secret, period: 30, digits: 6, algorithm: 'SHA-1' });
console.log(otp);
