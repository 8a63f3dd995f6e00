// A call's recording is stored under a key derived from its conversationId (the spec's key of
// the audio). Built-in calls get their id when the voice session is minted; ElevenLabs calls
// carry the id ElevenLabs assigned.
const CONVERSATION_ID = /^[A-Za-z0-9_-]{1,120}$/;

export const isValidConversationId = (id: string) => CONVERSATION_ID.test(id);

export function recordingKey(conversationId: string): string {
  if (!isValidConversationId(conversationId)) throw new Error('invalid conversation id');
  return `calls/${conversationId}`;
}
