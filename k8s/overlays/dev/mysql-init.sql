-- Each m3 domain creates its own database (m3_kb, m3_annotation, m3_registry) on first open.
GRANT ALL PRIVILEGES ON `m3\_%`.* TO 'm3'@'%';
FLUSH PRIVILEGES;
