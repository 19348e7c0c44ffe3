export const id = 750;
export const ids = [750];
export const modules = {

/***/ 8750:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   parseSettings: () => (/* binding */ parseSettings)
/* harmony export */ });
/* unused harmony exports DOCUMENTED_MODE, SETTINGS_KEYS, SETTINGS_MAX_LENGTH, SETTINGS_MAX_DEPTH */
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8815);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3916);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8992);



/** The only `mode` value the API documents. */
const DOCUMENTED_MODE = 'automatic';
const SETTINGS_KEYS = ['limits', 'sdk'];
const isMapping = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Settings are a few lines; a longer text is refused before the YAML parser sees it. */
const SETTINGS_MAX_LENGTH = 10_000;
/** Settings nest two levels (a mapping of mappings); deeper than this is refused before the nodes are built. */
const SETTINGS_MAX_DEPTH = 10;
const EXAMPLE = 'e.g. "limits: {enabled: true}"';
const EXPECTED = `settings are a mapping with the keys ${SETTINGS_KEYS.join(' and/or ')}, ${EXAMPLE}`;
/**
 * How deeply collections nest in the text. The YAML parser's first stage keeps its own stack, and this
 * walk too, so any depth is measured without recursion; building nodes recurses, and is only done after.
 */
function nestingDepth(text) {
    let deepest = 0;
    const pending = [...new yaml__WEBPACK_IMPORTED_MODULE_0__/* .Parser */ .iX().parse(text)].map((token) => [token, 0]);
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        const [token, depth] = next;
        if (token?.type === 'document')
            pending.push([token.value, depth]);
        if (token !== null && token !== undefined && 'items' in token) {
            deepest = Math.max(deepest, depth + 1);
            for (const item of token.items)
                pending.push([item.key, depth + 1], [item.value, depth + 1]);
        }
    }
    return deepest;
}
/**
 * Reads YAML (1.2, which includes JSON) within limits: a size and a nesting depth checked first, aliases
 * refused outright with the parser's own limit (settings never need one; they are how a document refers
 * to itself or grows exponentially), and whatever the parser throws is an InputError naming the input.
 */
function readYaml(text) {
    if (text.length > SETTINGS_MAX_LENGTH) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz('settings', `Input "settings" is ${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .thousands */ .oh)(text.length)} characters long; at most ${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .thousands */ .oh)(SETTINGS_MAX_LENGTH)} are read, and ${EXPECTED}.`);
    }
    let depth;
    let doc;
    let value;
    try {
        depth = nestingDepth(text);
        doc = depth > SETTINGS_MAX_DEPTH ? undefined : (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .parseDocument */ .Tp)(text);
        value = doc?.errors.length === 0 ? doc.toJS({ maxAliasCount: 0 }) : undefined;
    }
    catch (error) {
        if (error instanceof ReferenceError) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz('settings', `Input "settings" uses a YAML alias (*name), which is not accepted: settings never need one; write the values out, ${EXAMPLE}.`);
        }
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz('settings', `Input "settings" could not be read as YAML or JSON (${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .shown */ .SP)(String(error))}); ${EXPECTED}.`);
    }
    if (doc === undefined) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz('settings', `Input "settings" is nested ${depth} levels deep; at most ${SETTINGS_MAX_DEPTH} are read, and ${EXPECTED}.`);
    }
    const [error] = doc.errors;
    if (error !== undefined) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz('settings', `Input "settings" is not valid YAML or JSON: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .shown */ .SP)(error.message.split('\n')[0])}`);
    }
    return value;
}
/** Parses the `settings` input. Throws InputError naming the offending key. */
function parseSettings(text) {
    const doc = readYaml(text);
    if (!isMapping(doc)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz('settings', `Input "settings" must be a mapping with the keys ${SETTINGS_KEYS.join(' and/or ')}, e.g. "limits: {enabled: true}".`);
    }
    const settings = {};
    const warnings = [];
    for (const [key, value] of Object.entries(doc)) {
        if (!SETTINGS_KEYS.includes(key)) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz('settings', `Input "settings" has an unknown key "${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .shown */ .SP)(key)}"; accepted keys: ${SETTINGS_KEYS.join(', ')}.`);
        }
        settings[key] = parseFeature(key, value, warnings);
    }
    if (Object.keys(settings).length === 0) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz('settings', `Input "settings" is an empty mapping; give ${SETTINGS_KEYS.join(' and/or ')}, or leave the input empty.`);
    }
    return { settings, warnings };
}
function parseFeature(key, value, warnings) {
    if (!isMapping(value)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz('settings', `Input "settings": "${key}" must be a mapping {enabled: true|false, mode: <string>}.`);
    }
    for (const field of Object.keys(value)) {
        if (field !== 'enabled' && field !== 'mode') {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz('settings', `Input "settings": "${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .shown */ .SP)(`${key}.${field}`)}" is not a known field; accepted fields: enabled, mode.`);
        }
    }
    if (typeof value.enabled !== 'boolean') {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz('settings', `Input "settings": "${key}.enabled" must be true or false, got ${describe(value.enabled)}.`);
    }
    if (value.mode !== undefined && (typeof value.mode !== 'string' || value.mode === '')) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz('settings', `Input "settings": "${key}.mode" must be a non-empty string, got ${describe(value.mode)}.`);
    }
    const mode = value.mode ?? DOCUMENTED_MODE;
    if (mode !== DOCUMENTED_MODE) {
        warnings.push(`settings.${key}.mode "${(0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .shown */ .SP)(mode)}" is not a value the API documents (only "${DOCUMENTED_MODE}" is); it is sent as given.`);
    }
    return { enabled: value.enabled, mode };
}
/** A value as a message shows it, cut to a readable length. */
function describe(value) {
    if (value === undefined)
        return 'nothing';
    return (0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .shown */ .SP)(JSON.stringify(value) ?? typeof value);
}


/***/ })

};
