// Event registration domain (CampaignEvents-compatible): see issue 8.
