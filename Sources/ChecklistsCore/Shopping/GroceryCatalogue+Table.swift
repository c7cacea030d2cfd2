import Foundation

// The built-in table of common groceries. Each name field is the item's name in that language,
// then, after "|", other names it goes by (a singular, a regional word); the first one is the
// name the starter set offers. Matching ignores case, accents and punctuation.
extension GroceryCatalogue {
  private static func e(
    _ category: GroceryCategory, _ en: String, _ de: String, _ fr: String, _ es: String,
    starter: Bool = false
  ) -> Grocery {
    Grocery(
      category: category, isStarter: starter,
      names: ["en": names(en), "de": names(de), "fr": names(fr), "es": names(es)])
  }

  private static func names(_ field: String) -> [String] {
    field.split(separator: "|").map { String($0) }
  }

  /// Every grocery of the table, in the order the starter set offers them.
  public static let groceries: [Grocery] =
    fruitAndVegetables + fresh + cupboard + drinksAndSnacks + nonFood

  private static let fruitAndVegetables: [Grocery] = [
    e(.fruit, "Apples|Apple", "Äpfel|Apfel", "Pommes|Pomme", "Manzanas|Manzana", starter: true),
    e(
      .fruit, "Bananas|Banana", "Bananen|Banane", "Bananes|Banane", "Plátanos|Plátano|Bananas",
      starter: true),
    e(.fruit, "Oranges|Orange", "Orangen|Orange|Apfelsinen", "Oranges|Orange", "Naranjas|Naranja"),
    e(
      .fruit, "Lemons|Lemon", "Zitronen|Zitrone", "Citrons|Citron", "Limones|Limón",
      starter: true),
    e(.fruit, "Limes|Lime", "Limetten|Limette", "Citrons verts|Citron vert", "Limas|Lima"),
    e(.fruit, "Pears|Pear", "Birnen|Birne", "Poires|Poire", "Peras|Pera"),
    e(.fruit, "Grapes|Grape", "Weintrauben|Trauben", "Raisins|Raisin", "Uvas|Uva"),
    e(
      .fruit, "Strawberries|Strawberry", "Erdbeeren|Erdbeere", "Fraises|Fraise",
      "Fresas|Fresa"),
    e(
      .fruit, "Blueberries|Blueberry", "Heidelbeeren|Blaubeeren", "Myrtilles|Myrtille",
      "Arándanos|Arándano"),
    e(
      .fruit, "Raspberries|Raspberry", "Himbeeren|Himbeere", "Framboises|Framboise",
      "Frambuesas|Frambuesa"),
    e(.fruit, "Mangoes|Mango|Mangos", "Mangos|Mango", "Mangues|Mangue", "Mangos|Mango"),
    e(.fruit, "Pineapple", "Ananas", "Ananas", "Piña"),
    e(.fruit, "Watermelon", "Wassermelone", "Pastèque", "Sandía"),
    e(.fruit, "Melon", "Melone|Honigmelone", "Melon", "Melón"),
    e(.fruit, "Kiwis|Kiwi", "Kiwis|Kiwi", "Kiwis|Kiwi", "Kiwis|Kiwi"),
    e(.fruit, "Peaches|Peach", "Pfirsiche|Pfirsich", "Pêches|Pêche", "Melocotones|Melocotón"),
    e(.fruit, "Plums|Plum", "Pflaumen|Pflaume|Zwetschgen", "Prunes|Prune", "Ciruelas|Ciruela"),
    e(.fruit, "Cherries|Cherry", "Kirschen|Kirsche", "Cerises|Cerise", "Cerezas|Cereza"),
    e(
      .fruit, "Avocados|Avocado", "Avocados|Avocado", "Avocats|Avocat",
      "Aguacates|Aguacate"),
    e(
      .vegetables, "Potatoes|Potato", "Kartoffeln|Kartoffel", "Pommes de terre|Pomme de terre",
      "Patatas|Patata|Papas", starter: true),
    e(
      .vegetables, "Tomatoes|Tomato", "Tomaten|Tomate", "Tomates|Tomate", "Tomates|Tomate",
      starter: true),
    e(
      .vegetables, "Onions|Onion", "Zwiebeln|Zwiebel", "Oignons|Oignon", "Cebollas|Cebolla",
      starter: true),
    e(.vegetables, "Garlic", "Knoblauch", "Ail", "Ajo", starter: true),
    e(
      .vegetables, "Carrots|Carrot", "Karotten|Karotte|Möhren|Möhre", "Carottes|Carotte",
      "Zanahorias|Zanahoria", starter: true),
    e(
      .vegetables, "Cucumber|Cucumbers", "Gurke|Gurken|Salatgurke", "Concombre",
      "Pepino|Pepinos", starter: true),
    e(
      .vegetables, "Lettuce|Salad", "Salat|Kopfsalat|Eisbergsalat", "Salade|Laitue",
      "Lechuga", starter: true),
    e(
      .vegetables, "Peppers|Bell peppers|Bell pepper", "Paprika|Paprikaschoten",
      "Poivrons|Poivron", "Pimientos|Pimiento", starter: true),
    e(.vegetables, "Broccoli", "Brokkoli", "Brocoli", "Brócoli"),
    e(.vegetables, "Cauliflower", "Blumenkohl", "Chou-fleur", "Coliflor"),
    e(
      .vegetables, "Courgettes|Courgette|Zucchini", "Zucchini", "Courgettes|Courgette",
      "Calabacines|Calabacín"),
    e(
      .vegetables, "Mushrooms|Mushroom", "Champignons|Pilze", "Champignons|Champignon",
      "Champiñones|Setas"),
    e(.vegetables, "Spinach", "Spinat", "Épinards", "Espinacas"),
    e(.vegetables, "Leeks|Leek", "Lauch|Porree", "Poireaux|Poireau", "Puerros|Puerro"),
    e(.vegetables, "Celery", "Sellerie|Staudensellerie", "Céleri", "Apio"),
    e(.vegetables, "Cabbage", "Kohl|Weißkohl|Rotkohl", "Chou", "Col|Repollo"),
    e(
      .vegetables, "Sweet potatoes|Sweet potato", "Süßkartoffeln|Süßkartoffel",
      "Patates douces|Patate douce", "Boniatos|Batatas"),
    e(.vegetables, "Aubergine|Eggplant", "Aubergine|Auberginen", "Aubergine", "Berenjena"),
    e(.vegetables, "Green beans", "Grüne Bohnen", "Haricots verts", "Judías verdes"),
    e(.vegetables, "Radishes|Radish", "Radieschen", "Radis", "Rábanos|Rábano"),
    e(
      .vegetables, "Spring onions|Scallions", "Frühlingszwiebeln|Lauchzwiebeln",
      "Oignons nouveaux", "Cebolletas"),
    e(.vegetables, "Ginger", "Ingwer", "Gingembre", "Jengibre"),
    e(.vegetables, "Parsley", "Petersilie", "Persil", "Perejil"),
    e(.vegetables, "Basil", "Basilikum", "Basilic", "Albahaca"),
    e(.vegetables, "Pumpkin", "Kürbis", "Potiron|Citrouille", "Calabaza"),
  ]

  private static let fresh: [Grocery] = [
    e(.bakery, "Bread", "Brot", "Pain", "Pan", starter: true),
    e(.bakery, "Bread rolls|Rolls", "Brötchen|Semmeln", "Petits pains", "Panecillos"),
    e(.bakery, "Baguette", "Baguette", "Baguette", "Baguette|Barra de pan"),
    e(.bakery, "Sliced bread|Toast", "Toastbrot|Toast", "Pain de mie", "Pan de molde"),
    e(
      .bakery, "Croissants|Croissant", "Croissants|Croissant", "Croissants|Croissant",
      "Cruasanes|Cruasán"),
    e(.bakery, "Cake", "Kuchen", "Gâteau", "Pastel|Bizcocho"),
    e(.bakery, "Tortillas|Wraps", "Tortillas|Wraps", "Tortillas|Wraps", "Tortillas"),
    e(.bakery, "Pretzels|Pretzel", "Brezeln|Brezel", "Bretzels|Bretzel", "Pretzels"),
    e(.dairy, "Milk", "Milch", "Lait", "Leche", starter: true),
    e(.dairy, "Butter", "Butter", "Beurre", "Mantequilla", starter: true),
    e(.dairy, "Cheese", "Käse", "Fromage", "Queso", starter: true),
    e(.dairy, "Yoghurt|Yogurt", "Joghurt", "Yaourt|Yogourt", "Yogur", starter: true),
    e(.dairy, "Cream", "Sahne|Schlagsahne", "Crème|Crème fraîche", "Nata", starter: true),
    e(.dairy, "Sour cream", "Saure Sahne|Schmand", "Crème aigre", "Crema agria"),
    e(.dairy, "Eggs|Egg", "Eier|Ei", "Œufs|Oeufs|Oeuf", "Huevos|Huevo", starter: true),
    e(.dairy, "Quark", "Quark", "Fromage blanc", "Queso quark"),
    e(.dairy, "Cream cheese", "Frischkäse", "Fromage frais", "Queso crema"),
    e(.dairy, "Mozzarella", "Mozzarella", "Mozzarella", "Mozzarella"),
    e(.dairy, "Parmesan", "Parmesan", "Parmesan", "Parmesano"),
    e(.dairy, "Feta", "Feta|Schafskäse", "Feta", "Queso feta"),
    e(.dairy, "Margarine", "Margarine", "Margarine", "Margarina"),
    e(.dairy, "Oat milk", "Hafermilch", "Lait d'avoine", "Bebida de avena"),
    e(.dairy, "Buttermilk", "Buttermilch", "Babeurre", "Suero de leche"),
    e(.meat, "Chicken", "Hähnchen|Hühnchen", "Poulet", "Pollo", starter: true),
    e(.meat, "Chicken breast", "Hähnchenbrust", "Blanc de poulet", "Pechuga de pollo"),
    e(
      .meat, "Minced meat|Mince|Ground beef", "Hackfleisch|Hack", "Viande hachée|Steak haché",
      "Carne picada", starter: true),
    e(.meat, "Beef", "Rindfleisch", "Bœuf|Boeuf", "Ternera"),
    e(.meat, "Pork", "Schweinefleisch", "Porc", "Cerdo"),
    e(
      .meat, "Sausages|Sausage", "Würstchen|Wurst|Bratwurst", "Saucisses|Saucisse",
      "Salchichas|Salchicha"),
    e(.meat, "Ham", "Schinken", "Jambon", "Jamón", starter: true),
    e(.meat, "Bacon", "Speck", "Lardons|Bacon", "Beicon|Bacon"),
    e(.meat, "Salami", "Salami", "Saucisson|Salami", "Salami|Salchichón"),
    e(.meat, "Turkey", "Pute|Putenfleisch", "Dinde", "Pavo"),
    e(.meat, "Steak", "Steak", "Steak|Bifteck", "Filete|Bistec"),
    e(.fish, "Salmon", "Lachs", "Saumon", "Salmón"),
    e(.fish, "Tuna", "Thunfisch", "Thon", "Atún"),
    e(.fish, "Prawns|Shrimp", "Garnelen|Krabben", "Crevettes", "Gambas|Langostinos"),
    e(.fish, "Cod", "Kabeljau|Dorsch", "Cabillaud", "Bacalao"),
    e(.fish, "Fish", "Fisch", "Poisson", "Pescado"),
    e(
      .frozen, "Fish fingers|Fish sticks", "Fischstäbchen", "Bâtonnets de poisson",
      "Varitas de merluza"),
    e(.frozen, "Frozen peas|Peas", "Erbsen|TK-Erbsen", "Petits pois", "Guisantes"),
    e(
      .frozen, "Frozen pizza|Pizza", "Tiefkühlpizza|Pizza", "Pizza surgelée|Pizza",
      "Pizza congelada|Pizza"),
    e(.frozen, "Ice cream", "Eis|Speiseeis", "Glace", "Helado"),
    e(
      .frozen, "Frozen spinach", "Rahmspinat|TK-Spinat", "Épinards surgelés",
      "Espinacas congeladas"),
    e(.frozen, "Chips|French fries|Fries", "Pommes|Pommes frites", "Frites", "Patatas fritas"),
    e(
      .frozen, "Frozen berries", "TK-Beeren|Beerenmischung", "Fruits rouges surgelés",
      "Frutos rojos congelados"),
  ]

  private static let cupboard: [Grocery] = [
    e(.pantry, "Pasta", "Nudeln|Pasta", "Pâtes", "Pasta", starter: true),
    e(.pantry, "Spaghetti", "Spaghetti", "Spaghettis|Spaghetti", "Espaguetis"),
    e(.pantry, "Rice", "Reis", "Riz", "Arroz", starter: true),
    e(.pantry, "Flour", "Mehl", "Farine", "Harina", starter: true),
    e(.pantry, "Sugar", "Zucker", "Sucre", "Azúcar", starter: true),
    e(.pantry, "Olive oil", "Olivenöl", "Huile d'olive", "Aceite de oliva", starter: true),
    e(
      .pantry, "Sunflower oil|Oil|Vegetable oil", "Sonnenblumenöl|Öl|Speiseöl",
      "Huile de tournesol|Huile", "Aceite de girasol|Aceite"),
    e(.pantry, "Vinegar", "Essig", "Vinaigre", "Vinagre"),
    e(
      .pantry, "Canned tomatoes|Tinned tomatoes", "Dosentomaten|Gehackte Tomaten",
      "Tomates concassées|Tomates en conserve", "Tomate triturado", starter: true),
    e(
      .pantry, "Tomato paste|Tomato purée", "Tomatenmark", "Concentré de tomates",
      "Concentrado de tomate"),
    e(.pantry, "Lentils", "Linsen", "Lentilles", "Lentejas"),
    e(.pantry, "Chickpeas", "Kichererbsen", "Pois chiches", "Garbanzos"),
    e(
      .pantry, "Beans|Kidney beans|Baked beans", "Bohnen|Kidneybohnen", "Haricots rouges",
      "Alubias|Judías"),
    e(.pantry, "Sweetcorn|Corn", "Mais", "Maïs", "Maíz"),
    e(.pantry, "Baking powder", "Backpulver", "Levure chimique", "Levadura química"),
    e(.pantry, "Yeast", "Hefe", "Levure", "Levadura"),
    e(.pantry, "Noodles", "Asianudeln|Mie-Nudeln", "Nouilles", "Fideos"),
    e(.pantry, "Couscous", "Couscous", "Semoule|Couscous", "Cuscús"),
    e(
      .pantry, "Stock cubes|Stock|Broth", "Brühe|Gemüsebrühe", "Bouillon|Bouillon cube",
      "Caldo|Pastillas de caldo"),
    e(.pantry, "Soup", "Suppe", "Soupe", "Sopa"),
    e(.pantry, "Breadcrumbs", "Paniermehl|Semmelbrösel", "Chapelure", "Pan rallado"),
    e(
      .pantry, "Nuts|Almonds|Walnuts", "Nüsse|Mandeln|Walnüsse", "Noix|Amandes",
      "Frutos secos|Almendras|Nueces"),
    e(.spices, "Salt", "Salz", "Sel", "Sal", starter: true),
    e(.spices, "Pepper|Black pepper", "Pfeffer", "Poivre", "Pimienta", starter: true),
    e(.spices, "Ketchup", "Ketchup", "Ketchup", "Kétchup|Ketchup"),
    e(.spices, "Mustard", "Senf", "Moutarde", "Mostaza"),
    e(.spices, "Mayonnaise|Mayo", "Mayonnaise|Mayo", "Mayonnaise", "Mayonesa|Mahonesa"),
    e(.spices, "Soy sauce", "Sojasauce|Sojasoße", "Sauce soja", "Salsa de soja"),
    e(.spices, "Pesto", "Pesto", "Pesto", "Pesto"),
    e(.spices, "Paprika", "Paprikapulver", "Paprika", "Pimentón"),
    e(.spices, "Cinnamon", "Zimt", "Cannelle", "Canela"),
    e(.spices, "Oregano", "Oregano", "Origan", "Orégano"),
    e(.spices, "Curry powder|Curry", "Currypulver|Curry", "Curry", "Curry"),
    e(.spices, "Chilli|Chili", "Chili|Chilischoten", "Piment", "Guindilla|Chile"),
    e(.breakfast, "Cereal", "Frühstücksflocken|Cerealien", "Céréales", "Cereales"),
    e(
      .breakfast, "Muesli|Granola", "Müsli", "Muesli|Granola", "Muesli|Granola",
      starter: true),
    e(
      .breakfast, "Oats|Porridge oats|Oatmeal", "Haferflocken", "Flocons d'avoine",
      "Copos de avena|Avena"),
    e(.breakfast, "Jam", "Marmelade|Konfitüre", "Confiture", "Mermelada", starter: true),
    e(.breakfast, "Honey", "Honig", "Miel", "Miel"),
    e(
      .breakfast, "Peanut butter", "Erdnussbutter", "Beurre de cacahuète",
      "Crema de cacahuete"),
    e(
      .breakfast, "Chocolate spread|Nutella", "Nussnougatcreme|Nutella", "Pâte à tartiner|Nutella",
      "Crema de cacao|Nutella"),
    e(.breakfast, "Cornflakes", "Cornflakes", "Corn flakes|Cornflakes", "Copos de maíz"),
  ]

  private static let drinksAndSnacks: [Grocery] = [
    e(
      .drinks, "Water|Still water", "Wasser|Stilles Wasser", "Eau|Eau plate", "Agua",
      starter: true),
    e(.drinks, "Sparkling water", "Mineralwasser|Sprudel", "Eau gazeuse", "Agua con gas"),
    e(
      .drinks, "Coffee|Coffee beans|Ground coffee", "Kaffee|Kaffeebohnen", "Café", "Café",
      starter: true),
    e(.drinks, "Tea", "Tee", "Thé", "Té", starter: true),
    e(
      .drinks, "Orange juice", "Orangensaft", "Jus d'orange", "Zumo de naranja",
      starter: true),
    e(.drinks, "Apple juice", "Apfelsaft", "Jus de pomme", "Zumo de manzana"),
    e(.drinks, "Juice", "Saft", "Jus", "Zumo"),
    e(.drinks, "Beer", "Bier", "Bière", "Cerveza"),
    e(.drinks, "Wine", "Wein", "Vin", "Vino"),
    e(.drinks, "Red wine", "Rotwein", "Vin rouge", "Vino tinto"),
    e(.drinks, "White wine", "Weißwein", "Vin blanc", "Vino blanco"),
    e(.drinks, "Cola|Coke", "Cola", "Coca|Cola", "Cola|Refresco de cola"),
    e(.drinks, "Lemonade|Soda", "Limonade|Limo", "Limonade|Soda", "Limonada|Refresco"),
    e(.snacks, "Chocolate", "Schokolade", "Chocolat", "Chocolate", starter: true),
    e(.snacks, "Crisps|Potato chips", "Chips|Kartoffelchips", "Chips", "Patatas chips"),
    e(.snacks, "Biscuits|Cookies", "Kekse|Plätzchen", "Biscuits|Gâteaux secs", "Galletas"),
    e(.snacks, "Crackers", "Cracker|Salzgebäck", "Crackers", "Crackers|Galletas saladas"),
    e(
      .snacks, "Gummy bears", "Gummibärchen|Fruchtgummi", "Bonbons gélifiés|Oursons",
      "Gominolas"),
    e(.snacks, "Popcorn", "Popcorn", "Pop-corn|Popcorn", "Palomitas"),
    e(
      .snacks, "Sweets|Candy", "Süßigkeiten|Bonbons", "Bonbons|Confiseries",
      "Caramelos|Golosinas"),
    e(.snacks, "Pretzel sticks", "Salzstangen", "Bretzels salés", "Palitos salados"),
    e(.snacks, "Cereal bars", "Müsliriegel", "Barres de céréales", "Barritas de cereales"),
  ]

  private static let nonFood: [Grocery] = [
    e(
      .household, "Toilet paper|Toilet roll", "Toilettenpapier|Klopapier",
      "Papier toilette", "Papel higiénico", starter: true),
    e(
      .household, "Kitchen roll|Paper towels", "Küchenrolle|Küchenpapier", "Essuie-tout",
      "Papel de cocina", starter: true),
    e(
      .household, "Washing-up liquid|Dish soap", "Spülmittel", "Liquide vaisselle",
      "Lavavajillas|Jabón de platos", starter: true),
    e(
      .household, "Dishwasher tablets", "Spülmaschinentabs|Geschirrspültabs",
      "Pastilles lave-vaisselle", "Pastillas lavavajillas"),
    e(
      .household, "Laundry detergent|Washing powder", "Waschmittel", "Lessive",
      "Detergente|Detergente para ropa"),
    e(.household, "Fabric softener", "Weichspüler", "Adoucissant", "Suavizante"),
    e(
      .household, "Bin bags|Trash bags", "Müllbeutel|Mülltüten", "Sacs poubelle",
      "Bolsas de basura"),
    e(
      .household, "Sponges|Sponge", "Schwämme|Schwamm", "Éponges|Éponge",
      "Estropajos|Esponjas"),
    e(
      .household, "Aluminium foil|Tin foil", "Alufolie", "Papier aluminium",
      "Papel de aluminio"),
    e(.household, "Cling film", "Frischhaltefolie", "Film alimentaire", "Papel film"),
    e(.household, "Baking paper", "Backpapier", "Papier cuisson", "Papel de horno"),
    e(.household, "Batteries", "Batterien", "Piles", "Pilas"),
    e(.household, "Light bulbs", "Glühbirnen|Leuchtmittel", "Ampoules", "Bombillas"),
    e(
      .household, "All-purpose cleaner|Cleaner", "Allzweckreiniger|Reiniger",
      "Nettoyant multi-usage|Nettoyant", "Limpiador multiusos|Limpiador"),
    e(.personalCare, "Shampoo", "Shampoo", "Shampoing", "Champú"),
    e(
      .personalCare, "Conditioner", "Spülung|Haarspülung", "Après-shampoing",
      "Acondicionador"),
    e(.personalCare, "Shower gel", "Duschgel", "Gel douche", "Gel de ducha"),
    e(.personalCare, "Soap|Hand soap", "Seife|Handseife", "Savon", "Jabón"),
    e(
      .personalCare, "Toothpaste", "Zahnpasta|Zahncreme", "Dentifrice", "Pasta de dientes",
      starter: true),
    e(
      .personalCare, "Toothbrush|Toothbrushes", "Zahnbürste|Zahnbürsten", "Brosse à dents",
      "Cepillo de dientes"),
    e(.personalCare, "Deodorant", "Deo|Deodorant", "Déodorant", "Desodorante"),
    e(.personalCare, "Tissues", "Taschentücher", "Mouchoirs", "Pañuelos"),
    e(
      .personalCare, "Razor blades|Razors", "Rasierklingen", "Lames de rasoir",
      "Cuchillas de afeitar"),
    e(.personalCare, "Sun cream|Sunscreen", "Sonnencreme", "Crème solaire", "Protector solar"),
    e(.personalCare, "Cotton pads", "Wattepads", "Cotons démaquillants", "Discos de algodón"),
    e(.personalCare, "Plasters|Band-aids", "Pflaster", "Pansements", "Tiritas"),
    e(.baby, "Nappies|Diapers", "Windeln", "Couches", "Pañales"),
    e(.baby, "Baby wipes", "Feuchttücher", "Lingettes", "Toallitas"),
    e(.baby, "Baby food", "Babybrei|Babynahrung", "Petits pots", "Potitos"),
    e(
      .baby, "Baby formula|Formula", "Babymilch|Säuglingsmilch", "Lait infantile",
      "Leche infantil"),
    e(
      .pets, "Cat food", "Katzenfutter", "Nourriture pour chat|Croquettes",
      "Comida para gatos"),
    e(.pets, "Dog food", "Hundefutter", "Nourriture pour chien", "Comida para perros"),
    e(.pets, "Cat litter", "Katzenstreu", "Litière", "Arena para gatos"),
    e(
      .stationery, "Notepad|Notebook", "Notizblock|Block", "Bloc-notes|Carnet",
      "Libreta|Bloc de notas"),
    e(
      .stationery, "Pencil|Pencils", "Bleistift|Bleistifte", "Crayon|Crayons",
      "Lápiz|Lápices"),
    e(
      .stationery, "Pens|Pen", "Kugelschreiber|Kuli|Stifte", "Stylos|Stylo",
      "Bolígrafos|Bolígrafo"),
    e(.stationery, "Envelopes", "Briefumschläge|Umschläge", "Enveloppes", "Sobres"),
    e(.stationery, "Printer paper", "Druckerpapier", "Papier d'imprimante", "Papel de impresora"),
    e(
      .stationery, "Birthday card|Greeting card", "Geburtstagskarte|Glückwunschkarte",
      "Carte d'anniversaire", "Tarjeta de cumpleaños"),
  ]
}
