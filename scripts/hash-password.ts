// npm run hash-password -- '<password>' → a value for OPERATOR_PASSWORD_HASH
import { hashPassword } from "@/lib/auth/password";

const password = process.argv[2];
if (!password) {
  console.error("usage: npm run hash-password -- '<password>'");
  process.exit(2);
}
console.log(await hashPassword(password));
