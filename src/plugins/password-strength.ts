/**
 * The password-strength check of the account pages, decorated as `app.passwordStrength`
 * (modules/accounts/password-strength.ts): its worker thread starts with the first check, stops
 * when idle, and is stopped with the app.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { PasswordStrength } from "../modules/accounts/password-strength.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Judges new passwords (zxcvbn-ts, off the event loop). */
    passwordStrength: PasswordStrength;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const strength = new PasswordStrength();
    app.decorate("passwordStrength", strength);
    app.addHook("onClose", async () => strength.close());
  },
  { name: "password-strength" },
);
