package io.paypipe.launcher;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

/**
 * {@code ./paypipe hash-password}: prints the bcrypt hash of a password as
 * {@code paypipe.security.accounts[i].password-hash} takes it
 * ({@code {bcrypt}$2a$10$...}, Spring Security's {@code DelegatingPasswordEncoder} form,
 * cost 10). The password is read from the terminal without echo, or from stdin when
 * piped; never from the arguments (they show in {@code ps} and the shell's history).
 */
public final class HashPassword {

    private HashPassword() {
    }

    public static void main(String[] args) throws IOException {
        String password;
        Console console = System.console();
        if (terminal(console)) {
            char[] typed = console.readPassword("password: ");
            password = typed == null ? "" : new String(typed);
        }
        else {
            String line = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            password = line == null ? "" : line;
        }
        if (password.length() < 12) {
            System.err.println("paypipe hash-password: a password of at least 12 characters, please");
            System.exit(2);
        }
        System.out.println("{bcrypt}" + new BCryptPasswordEncoder(10).encode(password));
    }

    /** A console on a terminal (Console.isTerminal is Java 22's: asked reflectively). */
    private static boolean terminal(Console console) {
        if (console == null) {
            return false;
        }
        try {
            return (boolean) Console.class.getMethod("isTerminal").invoke(console);
        }
        catch (ReflectiveOperationException e) {
            return true;
        }
    }

}
