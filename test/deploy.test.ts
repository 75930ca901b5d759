import fs from "node:fs";
import path from "node:path";
import { Deployment } from "kubernetes-models/apps/v1";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import { Service } from "kubernetes-models/v1";
// yaml is in node_modules through the dev tools (2.x); the manifests are plain YAML 1.2.
import { parseAllDocuments } from "yaml";
import { describe, expect, it } from "vitest";
import { RSS_LIMIT_MB, WORKER_PROCESS_MB } from "../server/memory-budget";

const DIR = path.resolve(import.meta.dirname, "../deploy/kubernetes");

/** The model class of each kind the manifests may hold: each validates against the Kubernetes schema. */
const MODELS = {
  "apps/v1 Deployment": Deployment,
  "v1 Service": Service,
  "policy/v1 PodDisruptionBudget": PodDisruptionBudget,
  "autoscaling/v2 HorizontalPodAutoscaler": HorizontalPodAutoscaler,
} as const;
type Model = InstanceType<(typeof MODELS)[keyof typeof MODELS]>;

function manifests(): { file: string; kind: string; model: Model }[] {
  return fs
    .readdirSync(DIR)
    .filter((file) => file.endsWith(".yaml"))
    .flatMap((file) =>
      parseAllDocuments(fs.readFileSync(path.join(DIR, file), "utf8")).map((document) => {
        if (document.errors.length) throw new Error(`${file}: ${document.errors[0]!.message}`);
        const object = document.toJS() as { apiVersion?: string; kind?: string };
        const kind = `${object.apiVersion} ${object.kind}`;
        const Class = MODELS[kind as keyof typeof MODELS];
        if (!Class) throw new Error(`${file}: ${kind} is not a kind this test knows`);
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each class takes its own kind's object, checked by validate()
        return { file, kind, model: new Class(object as any) as Model };
      }),
    );
}

const MI = /^(\d+)Mi$/;
const mebibytes = (quantity: unknown) => Number(MI.exec(String(quantity))?.[1] ?? NaN);

describe("deploy/kubernetes", () => {
  const all = manifests();
  const one = <K extends keyof typeof MODELS>(kind: K, name?: string) =>
    all.find((m) => m.kind === kind && (!name || m.model.metadata?.name === name))!.model as InstanceType<(typeof MODELS)[K]>;

  it("holds a Deployment, a Service, a headless Service for peers, a PodDisruptionBudget and a HorizontalPodAutoscaler, each valid", () => {
    expect(all.map((m) => m.kind).sort()).toEqual([
      "apps/v1 Deployment",
      "autoscaling/v2 HorizontalPodAutoscaler",
      "policy/v1 PodDisruptionBudget",
      "v1 Service",
      "v1 Service",
    ]);
    for (const { file, model } of all) expect(() => model.validate(), file).not.toThrow();
  });

  it("probes liveness at /healthz and readiness at /readyz, and finds its peers through the headless Service", () => {
    const deployment = one("apps/v1 Deployment");
    const container = deployment.spec!.template.spec!.containers[0]!;
    expect(container.livenessProbe?.httpGet?.path).toBe("/healthz");
    expect(container.readinessProbe?.httpGet?.path).toBe("/readyz");
    const peersDns = container.env?.find((e) => e.name === "PEERS_DNS")?.value;
    const peers = one("v1 Service", peersDns);
    expect(peers.spec?.clusterIP).toBe("None");
    // Both Services, the budget and the pods select the same pods.
    const labels = deployment.spec!.template.metadata!.labels!;
    for (const selector of [
      peers.spec!.selector!,
      one("v1 Service", "sui-docs").spec!.selector!,
      one("policy/v1 PodDisruptionBudget").spec!.selector!.matchLabels!,
    ])
      expect(labels).toMatchObject(selector);
    expect(one("autoscaling/v2 HorizontalPodAutoscaler").spec!.scaleTargetRef.name).toBe(deployment.metadata!.name);
  });

  it("requests the memory plan's server process and one compile worker, and allows a second worker", () => {
    const container = one("apps/v1 Deployment").spec!.template.spec!.containers[0]!;
    expect(container.env?.find((e) => e.name === "WEB_CONCURRENCY")?.value).toBe("1");
    expect(container.env?.find((e) => e.name === "SUI_DOCS_WORKER_PROCESSES")?.value).toBe("1");
    const worker = WORKER_PROCESS_MB.heapLimit + WORKER_PROCESS_MB.runtime;
    expect(mebibytes(container.resources?.requests?.memory)).toBeGreaterThanOrEqual(RSS_LIMIT_MB + worker);
    expect(mebibytes(container.resources?.limits?.memory)).toBeGreaterThanOrEqual(RSS_LIMIT_MB + 2 * worker);
  });
});
