// Runs before test, demo and bench: they run TypeScript directly, which needs Node 24.
const want = 24
const major = Number(process.versions.node.split('.')[0])
if (major < want) {
  const script = process.env.npm_lifecycle_event?.replace(/^pre/, '') ?? 'test'
  console.error(
    `Node ${want} is needed (this is ${process.version}). Without installing it: npx -y -p node@${want} -c 'npm ${script === 'test' ? 'test' : `run ${script}`}'`
  )
  process.exit(1)
}
