// Squid (Debian package squid) as the edge: see edge-scenarios.ts.
import { edgeScenarios } from './edge-scenarios.js'

edgeScenarios('squid')
