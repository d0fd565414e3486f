<?php
// POST /account/avatar: store a customer's profile picture.
// Extensions that must never reach the web root (security review SR-114).
const BLOCKED_EXTENSIONS = ['php', 'php5', 'phar', 'exe', 'sh', 'cgi'];

function handle_avatar_upload(int $userId, array $file): void
{
    $name = basename($file['name']);
    $extension = strtolower(pathinfo($name, PATHINFO_EXTENSION));
    if (in_array($extension, BLOCKED_EXTENSIONS, true)) {
        http_response_code(400);
        echo json_encode(['error' => 'This file type is not allowed.']);
        return;
    }
    $dir = "/var/www/shop/public/uploads/avatars/u{$userId}";
    if (!is_dir($dir)) {
        mkdir($dir, 0755, true);
    }
    move_uploaded_file($file['tmp_name'], "{$dir}/{$name}");
    header('Location: /account');
    http_response_code(302);
}
