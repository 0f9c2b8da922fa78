export function commandNames(programHelp: string): string[];
export function commandsMarkdown(helpOf: (args: string[]) => Promise<string>): Promise<string>;
