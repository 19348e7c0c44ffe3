// Varnish (Debian package varnish) as the edge: see edge-scenarios.ts.
import { edgeScenarios } from './edge-scenarios.js'

edgeScenarios('varnish')
