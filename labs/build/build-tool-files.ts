// Records which image files each tool a lab may run reads, for the page to fetch once a lab's prompt shows
// (docs/labs.md, "Starting and restoring"):
//   npm run labs:tool-files
// Runs each tool of packages/labs/src/node/tool-files.ts in a plain lab under Node, from the shipped ready state,
// and writes labs/ready-state/tool-files.json. npm run labs:ready-state runs it too; run it alone after changing
// the list of tools. A test fails while the file does not belong to the shipped ready state.
import { writeToolFiles } from '@bastion/labs/node';

const { tools } = await writeToolFiles();
for (const [tool, files] of Object.entries(tools)) console.log(`${tool}: ${files.length} files`);
