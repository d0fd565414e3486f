"""What the content generators share: where files go (output), quiz lab files (quiz_files), packets (packets)."""
