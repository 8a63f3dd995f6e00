// Where the built-in voice gateway listens: `/api/voice/<token>`, the token a single-use
// credential for one live call. In the http kit because the request logger redacts the token
// (log-serializers.ts); the call module builds the URL it hands the browser from it
// (modules/calls/voice-session-tokens.ts).
export const VOICE_PATH_PREFIX = '/api/voice/';
