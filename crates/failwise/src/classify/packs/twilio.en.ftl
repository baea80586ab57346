## The texts of the twilio rule pack (packs/twilio.toml).
twilio-rest-recovery = look up Twilio error { $twilio_code } at `https://www.twilio.com/docs/errors/{ $twilio_code }` and fix what it names before sending again
