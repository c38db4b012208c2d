// Search domain (WikiSearch-compatible): see issue 9.
