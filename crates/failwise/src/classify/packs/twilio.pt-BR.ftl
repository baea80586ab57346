## Os textos do pacote de regras twilio (packs/twilio.toml).
twilio-rest-recovery = consulte o erro { $twilio_code } da Twilio em `https://www.twilio.com/docs/errors/{ $twilio_code }` e corrija o que ele indica antes de enviar de novo
