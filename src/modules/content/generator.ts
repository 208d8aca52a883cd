/** Builds the content generator named by the settings, with the name stored beside its output. */
import type { GeneratorSetting } from "../../config.ts";
import type { NamedGenerator } from "./content.service.ts";
import { createOfflineGenerator } from "./generators/offline-generator.ts";
import { createOpenAiGenerator } from "./generators/openai/openai-generator.ts";

/** Reports a fallback of the OpenAI provider to the offline generator (reason without secrets). */
export type FallbackReporter = (kind: string, reason: string) => void;

/**
 * `offline` (default): deterministic texts from the catalogue's facts. `openai`: an
 * OpenAI-compatible chat-completions endpoint, validated, falling back to the offline generator;
 * what the fallback wrote is recorded as `offline`, not under the model's name ({@link NamedGenerator.nameOf}).
 */
export function createGenerator(setting: GeneratorSetting, onFallback?: FallbackReporter): NamedGenerator {
  const offline = createOfflineGenerator();
  if (setting.kind === "offline") return { name: "offline", generator: offline };
  // The offline generator's answers given in place of the model's (objects the model path never returns).
  const fellBack = new WeakSet<object>();
  const marked =
    <A extends unknown[], T extends object>(call: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      const output = await call(...args);
      fellBack.add(output);
      return output;
    };
  const name = `openai:${setting.model}`;
  return {
    name,
    nameOf: (output) => (fellBack.has(output) ? "offline" : name),
    generator: createOpenAiGenerator(
      {
        baseUrl: setting.baseUrl,
        apiKey: setting.apiKey,
        model: setting.model,
        timeoutMs: setting.timeoutMs,
        onFallback,
      },
      {
        wineTexts: marked((facts, lang) => offline.wineTexts(facts, lang)),
        drinkingPeriod: marked((facts, lang) => offline.drinkingPeriod(facts, lang)),
        regionInsight: marked((facts, lang) => offline.regionInsight(facts, lang)),
      },
    ),
  };
}
