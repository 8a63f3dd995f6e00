// The persona's voice: Michael or Sarah, each with a short preview spoken by the same engine the
// call will use (GET /api/custom-calls/voice-preview/:voiceId).
import { VOICES, type VoiceId } from '@shared/domain/limits';
import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { voicePreviewUrl } from './custom-call-api';

export function VoiceChoice({ value, onChange }: { value: VoiceId | null; onChange: (v: VoiceId) => void }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<VoiceId | null>(null);

  useEffect(() => () => audio.current?.pause(), []);

  const preview = (voice: VoiceId) => {
    audio.current?.pause();
    if (playing === voice) {
      setPlaying(null);
      return;
    }
    const clip = new Audio(voicePreviewUrl(voice));
    audio.current = clip;
    clip.onended = () => setPlaying(null);
    clip.onerror = () => {
      setPlaying(null);
      toast.error('Voice preview is not available right now');
    };
    setPlaying(voice);
    clip.play().catch(() => setPlaying(null));
  };

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Voice</legend>
      <RadioGroup
        value={value ?? ''}
        onValueChange={(v) => onChange(v as VoiceId)}
        className="grid gap-3 sm:grid-cols-2"
        aria-label="Voice"
      >
        {VOICES.map((voice) => (
          <div key={voice.id} className="flex items-center justify-between gap-2 rounded-md border p-3">
            <div className="flex items-center gap-3">
              <RadioGroupItem id={`voice-${voice.id}`} value={voice.id} />
              <Label htmlFor={`voice-${voice.id}`} className="cursor-pointer">
                {voice.name}
                <span className="font-normal text-muted-foreground">
                  {voice.gender === 'male' ? ' · male persona' : ' · female persona'}
                </span>
              </Label>
            </div>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={`${playing === voice.id ? 'Stop' : 'Play'} ${voice.name} preview`}
              onClick={() => preview(voice.id)}
            >
              {playing === voice.id ? <Pause aria-hidden /> : <Play aria-hidden />}
              Preview
            </Button>
          </div>
        ))}
      </RadioGroup>
    </fieldset>
  );
}
