/** The instructions of a Dockerfile that the checks care about. */
interface DockerfileFacts {
  /** Build arguments with their defaults (undefined: no default). */
  args: Map<string, string | undefined>;
  /** Sources of COPY/ADD from the build context (not --from another stage). */
  contextSources: string[];
  /** USER of the last stage. */
  finalUser: string | undefined;
}

/** Reads a Dockerfile: continuation lines joined, comments dropped. */
export function readDockerfile(text: string): DockerfileFacts {
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const args = new Map<string, string | undefined>();
  const contextSources: string[] = [];
  let finalUser: string | undefined;
  for (const line of instructions) {
    const [instruction = '', ...rest] = line.split(/\s+/);
    const keyword = instruction.toUpperCase();
    if (keyword === 'FROM') finalUser = undefined;
    if (keyword === 'USER') finalUser = rest[0];
    if (keyword === 'ARG') {
      const [name = '', value] = rest.join(' ').split(/=(.*)/s);
      args.set(name, value?.replace(/^"(.*)"$/, '$1'));
    }
    if (keyword === 'COPY' || keyword === 'ADD') {
      const operands = rest.filter((word) => !word.startsWith('--'));
      if (rest.some((word) => word.startsWith('--from='))) continue;
      contextSources.push(...operands.slice(0, -1));
    }
  }
  return { args, contextSources, finalUser };
}
