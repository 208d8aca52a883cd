/** Builds the content generator named by the settings, with the name stored beside its output. */
import type { GeneratorSetting } from "../../config.ts";
import type { NamedGenerator } from "./content.service.ts";
import { createOfflineGenerator } from "./generators/offline-generator.ts";
import { createOpenAiGenerator } from "./generators/openai/openai-generator.ts";

/** Reports a fallback of the OpenAI provider to the offline generator (reason without secrets). */
export type FallbackReporter = (kind: string, reason: string) => void;

/**
 * `offline` (default): deterministic texts from the catalogue's facts. `openai`: an
 * OpenAI-compatible chat-completions endpoint, validated, falling back to the offline generator.
 */
export function createGenerator(setting: GeneratorSetting, onFallback?: FallbackReporter): NamedGenerator {
  const offline = createOfflineGenerator();
  if (setting.kind === "offline") return { name: "offline", generator: offline };
  return {
    name: `openai:${setting.model}`,
    generator: createOpenAiGenerator(
      {
        baseUrl: setting.baseUrl,
        apiKey: setting.apiKey,
        model: setting.model,
        timeoutMs: setting.timeoutMs,
        onFallback,
      },
      offline,
    ),
  };
}
